// The per-account fields of Bluesky and Mastodon, rendered in an account's tab and filled as a
// person would (by their labels), reach the post group's body as targets[i].mastodon and
// targets[i].bluesky, and only for those accounts.
import { byLabel, choose, cleanup, fill, render, setChecked } from "@/components/testing/render-dom";
import { useState } from "react";
import { afterEach, expect, test } from "vitest";
import type { ProviderName } from "@/server/domain/accounts/providers";
import { postGroupBody } from "@/server/domain/post-groups/post-groups.schema";
import { AccountTab } from "./account-tab";
import { emptyComposition, targetOf, toggleAccount, toGroupBody, type Composition } from "./composition";
import { checkGroup } from "./target-checks";

afterEach(cleanup);

const ids: Record<string, ProviderName> = {
  "11111111-1111-4111-8111-111111111111": "mastodon",
  "22222222-2222-4222-8222-222222222222": "bluesky",
  "33333333-3333-4333-8333-333333333333": "x",
};
const [mastodonId, blueskyId, xId] = Object.keys(ids) as [string, string, string];
const providerOf = (id: string) => ids[id];

/** The composer's state around one account's tab, as composer.tsx holds it; `seen` is the latest composition. */
async function tabOf(accountId: string) {
  let start: Composition = { ...emptyComposition, content: { ...emptyComposition.content, text: "Hello fediverse" } };
  for (const id of Object.keys(ids)) start = toggleAccount(start, id);
  const seen = { composition: start };
  function Harness() {
    const [composition, setComposition] = useState(start);
    seen.composition = composition;
    return (
      <AccountTab
        accountId={accountId}
        provider={providerOf(accountId)!}
        composition={composition}
        target={targetOf(composition, accountId)}
        problems={[]}
        onTarget={(next) => setComposition((c) => ({ ...c, targets: { ...c.targets, [accountId]: next } }))}
      />
    );
  }
  const root = await render(<Harness />);
  return { root, seen, body: () => toGroupBody(seen.composition, providerOf) };
}

test("Mastodon's content warning, visibility and sensitive media reach targets[i].mastodon", async () => {
  const { root, body } = await tabOf(mastodonId);
  // untouched: Mastodon's defaults, nothing sent
  expect(body().targets[0]).toEqual({ accountId: mastodonId });

  await fill(byLabel(root, "Content warning"), "Film ending");
  await choose(byLabel(root, "Visibility"), "private");
  await setChecked(byLabel(root, "Sensitive media"), true);
  await fill(byLabel(root, "Language"), "en");
  const sent = body();
  expect(sent.targets[0]).toEqual({
    accountId: mastodonId,
    mastodon: { visibility: "private", spoilerText: "Film ending", sensitive: true, language: "en" },
  });
  // the others are left alone (the server refuses Mastodon's options on them)
  expect(sent.targets.slice(1)).toEqual([{ accountId: blueskyId }, { accountId: xId }]);
  // the body is one the API takes, and the composer's own checks find nothing to refuse
  expect(postGroupBody.safeParse({ ...sent, requestId: "00000000-0000-4000-8000-000000000000" }).success).toBe(true);
  expect(checkGroup(sent, providerOf, () => undefined).byTarget[0]).toEqual([]);

  // the visibility's options are named as Mastodon names them
  expect([...byLabel(root, "Visibility").querySelectorAll("option")].map((o) => o.textContent)).toEqual(["Public", "Unlisted", "Followers only"]);
  // back to the defaults: nothing sent again
  await fill(byLabel(root, "Content warning"), "");
  await choose(byLabel(root, "Visibility"), "public");
  await setChecked(byLabel(root, "Sensitive media"), false);
  await fill(byLabel(root, "Language"), "");
  expect(body().targets[0]).toEqual({ accountId: mastodonId });
});

test("Bluesky's languages, comma-separated, reach targets[i].bluesky.langs", async () => {
  const { root, body } = await tabOf(blueskyId);
  expect(root.textContent).not.toContain("Content warning");
  await fill(byLabel(root, "Languages"), "en, pt-BR");
  expect(body().targets[1]).toEqual({ accountId: blueskyId, bluesky: { langs: ["en", "pt-BR"] } });
  // more than Bluesky's 3 is a problem shown before sending, named by its field
  await fill(byLabel(root, "Languages"), "en, de, fr, es");
  const problems = checkGroup(body(), providerOf, () => undefined).byTarget[1]!;
  expect(problems.map((p) => p.path)).toEqual(["bluesky.langs"]);
});

test("each field is named by a label element; other platforms' tabs have none of them", async () => {
  const { root } = await tabOf(mastodonId);
  for (const name of ["Content warning", "Visibility", "Sensitive media", "Language"]) {
    const control = byLabel(root, name);
    expect(control.closest("label") ?? root.querySelector(`label[for="${control.id}"]`), name).not.toBeNull();
  }
  await cleanup();
  const x = await tabOf(xId);
  for (const name of ["Content warning", "Visibility", "Sensitive media", "Languages"]) expect(() => byLabel(x.root, name)).toThrow();
});
