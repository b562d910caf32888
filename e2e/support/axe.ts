// axe-core over the page as it is now: no serious or critical violation, each one listed.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe's results for the page once its CSS transitions have ended: a button that has just become
 * enabled fades its colours for 150 ms, and axe would judge its contrast halfway through.
 */
export async function axeResults(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"), undefined, {
    timeout: 5_000,
  });
  return new AxeBuilder({ page }).analyze();
}

export async function expectNoSeriousAxeViolations(page: Page, what = page.url()) {
  const results = await axeResults(page);
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(" ")} ${n.failureSummary?.split("\n")[1] ?? ""}`).join("\n")}`);
  expect(blocking, `${what}\n${blocking.join("\n")}`).toEqual([]);
}
