// Bluesky and Mastodon where the dashboard lists platforms: the posts' and jobs' platform filter,
// the badge of the accounts list and the composer, the calendar's place of an entry, and the
// composer's counters under each post; all from the provider table.
import { cleanup, render } from "@/components/testing/render-dom";
import { afterEach, expect, test } from "vitest";
import { entryPlace } from "@/components/calendar/entry-chip";
import { ThreadEditor } from "@/components/compose/thread-editor";
import { providerLabels, providers, providerTable } from "@/server/domain/accounts/providers";
import type { CalendarEntry } from "@/server/domain/scheduling/calendar-entries";
import { ProviderBadge } from "./provider-badge";
import { ProviderFilter } from "./provider-filter";

afterEach(cleanup);

test("the platform filter of the posts and jobs lists offers every provider of the table, Bluesky and Mastodon included", async () => {
  const root = await render(<ProviderFilter value={undefined} onChange={() => undefined} />);
  const options = [...root.querySelectorAll("option")].map((o) => [o.getAttribute("value"), o.textContent]);
  expect(options).toEqual([["", "All"], ...providers.map((p) => [p, providerLabels[p]])]);
  expect(options).toContainEqual(["bluesky", "Bluesky"]);
  expect(options).toContainEqual(["mastodon", "Mastodon"]);
});

test("the badge is the table's: Bluesky's butterfly on its blue, Mastodon's M on its purple", async () => {
  for (const p of ["bluesky", "mastodon"] as const) {
    const root = await render(<ProviderBadge provider={p} />);
    const badge = root.querySelector("span")!;
    expect(badge.textContent).toBe(providerTable[p].badge.glyph);
    expect(badge.className).toContain(providerTable[p].badge.className);
    expect(badge.getAttribute("aria-hidden")).toBe("true");
    await cleanup();
  }
});

test("the calendar names an entry's platform by its label", () => {
  expect(entryPlace({ kind: "published", provider: "mastodon" } as CalendarEntry)).toBe("Mastodon");
  expect(entryPlace({ kind: "draft", targets: [{ provider: "bluesky" }, { provider: "x" }] } as unknown as CalendarEntry)).toBe("Bluesky, X");
});

test("under each post the composer counts for Bluesky in graphemes (300) and for Mastodon with links as 23 (500)", async () => {
  const root = await render(
    <ThreadEditor
      posts={["👨‍👩‍👧‍👦 https://example.com/a-very-long-path-that-mastodon-counts-as-23", "two"]}
      providers={["bluesky", "mastodon", "x"]}
      threadable
      onChange={() => undefined}
    />,
  );
  const counters = [...root.querySelectorAll('[data-testid^="counter-"]')].map((c) => c.textContent);
  // post 1: the family is 1 grapheme; Bluesky counts the link as written, Mastodon as 23
  expect(counters).toContain("Bluesky 65/300");
  expect(counters).toContain("Mastodon 25/500");
  expect(counters).toContain("Bluesky 3/300");
  expect(counters).toContain("Mastodon 3/500");
  // X keeps its own: the first post counted without its link
  expect(counters.filter((c) => /^X \d/.test(c ?? ""))).toEqual(["X 2/280", "X 3/280"]);
});
