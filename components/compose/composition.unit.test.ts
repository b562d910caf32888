// The composer's body (what posts.publishGroup receives) and its checks before sending, which
// run the server's own rules.
import { describe, expect, it } from "vitest";
import type { ProviderName } from "@/server/domain/accounts/providers";
import { emptyComposition, fromGroupBody, toGroupBody, toggleAccount, type Composition, type PickedMedia } from "./composition";
import { checkGroup, splitIssues } from "./target-checks";

const ids = {
  x: "00000000-0000-4000-8000-00000000000a",
  instagram: "00000000-0000-4000-8000-00000000000b",
  linkedin: "00000000-0000-4000-8000-00000000000c",
  youtube: "00000000-0000-4000-8000-00000000000d",
  bluesky: "00000000-0000-4000-8000-00000000000e",
  mastodon: "00000000-0000-4000-8000-00000000000f",
} as const;
const providerOf = (id: string) => (Object.entries(ids).find(([, v]) => v === id)?.[0] as ProviderName | undefined) ?? undefined;
const image = (n: number): PickedMedia => ({
  mediaId: `10000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  mediaType: "IMAGE",
  fileName: `p${n}.jpg`,
  url: `https://files.test/p${n}.jpg`,
  mimeType: "image/jpeg",
  fileSize: 100_000,
  width: 1080,
  height: 1080,
});
const video: PickedMedia = {
  mediaId: "20000000-0000-4000-8000-000000000001",
  mediaType: "VIDEO",
  fileName: "v.mp4",
  url: "https://files.test/v.mp4",
  mimeType: "video/mp4",
  fileSize: 1_000_000,
  durationSeconds: 12,
};

function compose(accounts: (keyof typeof ids)[], content: Partial<Composition["content"]>): Composition {
  let c = emptyComposition;
  for (const a of accounts) c = toggleAccount(c, ids[a]);
  return { ...c, content: { ...c.content, ...content } };
}
const mediaOf = (c: Composition) => (id: string) =>
  [...c.content.media, ...Object.values(c.targets).flatMap((t) => t.overrides.media ?? [])].find((m) => m.mediaId === id);

describe("toGroupBody", () => {
  it("sends one shared content and says per target only what differs or what its platform needs", () => {
    const c = compose(["x", "instagram", "linkedin", "youtube"], { text: "Hello", thread: ["More"], media: [image(1)], firstComment: "Link in here" });
    c.targets[ids.youtube]!.youtube.title = "A video";
    c.targets[ids.instagram]!.overrides.text = "Hello Instagram";
    const body = toGroupBody(c, providerOf);
    expect(body.content).toEqual({ text: "Hello", thread: ["More"], media: [{ mediaId: image(1).mediaId }], firstComment: "Link in here" });
    expect(body.targets).toEqual([
      { accountId: ids.x },
      { accountId: ids.instagram, content: { text: "Hello Instagram" }, instagram: { contentType: "FEED" } },
      { accountId: ids.linkedin, content: { thread: [] } },
      { accountId: ids.youtube, content: { firstComment: null }, youtube: { title: "A video", privacyStatus: "public", madeForKids: false } },
    ]);
  });

  it("a LinkedIn document takes no other media; a draft's body comes back as the same composition", () => {
    const c = compose(["linkedin", "x"], { text: "Slides", media: [image(1)] });
    c.targets[ids.linkedin]!.linkedinCarouselId = "30000000-0000-4000-8000-000000000001";
    const body = toGroupBody(c, providerOf);
    expect(body.targets[0]).toEqual({ accountId: ids.linkedin, content: { media: [] }, linkedin: { carouselId: "30000000-0000-4000-8000-000000000001" } });
    const back = fromGroupBody(body, providerOf, (id) => (id === image(1).mediaId ? image(1) : undefined));
    expect(toGroupBody(back, providerOf)).toEqual(body);
  });
});

describe("checkGroup", () => {
  it("finds what each platform refuses, at the target's paths", () => {
    const c = compose(["x", "instagram", "youtube"], { text: "Hi" });
    c.targets[ids.x]!.overrides = { text: "x".repeat(300), media: [1, 2, 3, 4, 5].map(image) };
    const result = checkGroup(toGroupBody(c, providerOf), providerOf, mediaOf(c));
    expect(result.byTarget[0]!.map((i) => [i.path, i.code])).toEqual(
      expect.arrayContaining([
        ["content.text", "too_long"],
        ["content.media", "too_many"],
      ]),
    );
    expect(result.byTarget[1]!.map((i) => [i.path, i.code])).toEqual([["content.media", "required"]]);
    expect(result.byTarget[2]!.map((i) => i.path)).toEqual(expect.arrayContaining(["content.media"]));
  });

  it("X: a video and an image together are refused; X without its links is counted", () => {
    const c = compose(["x"], { text: "Read https://example.com/a-very-long-link-indeed " + "y".repeat(270), media: [image(1), video] });
    const result = checkGroup(toGroupBody(c, providerOf), providerOf, mediaOf(c));
    expect(result.byTarget[0]!.map((i) => i.code)).toEqual(["mixed_media"]);
  });

  it("Bluesky: one MP4 video passes; beside an image, or as a QuickTime file, it is refused before sending", () => {
    const alone = compose(["bluesky"], { text: "A clip", media: [{ ...video, altText: "Waves" }] });
    expect(checkGroup(toGroupBody(alone, providerOf), providerOf, mediaOf(alone))).toEqual({ byTarget: [[]], general: [] });
    const mixed = compose(["bluesky"], { text: "A clip", media: [video, image(1)] });
    expect(checkGroup(toGroupBody(mixed, providerOf), providerOf, mediaOf(mixed)).byTarget[0]!.map((i) => [i.path, i.code])).toEqual([
      ["content.media", "mixed_media"],
    ]);
    const mov = compose(["bluesky"], { text: "A clip", media: [{ ...video, mimeType: "video/quicktime" }] });
    expect(checkGroup(toGroupBody(mov, providerOf), providerOf, mediaOf(mov)).byTarget[0]!.map((i) => [i.path, i.code])).toEqual([
      ["content.media[0].mediaId", "wrong_type"],
    ]);
  });

  it("a good composition has no problems", () => {
    const c = compose(["x", "instagram", "youtube"], { text: "Hi", media: [image(1)] });
    c.targets[ids.youtube]!.overrides.media = [video];
    c.targets[ids.youtube]!.youtube.title = "Title";
    const result = checkGroup(toGroupBody(c, providerOf), providerOf, mediaOf(c));
    expect(result).toEqual({ byTarget: [[], [], []], general: [] });
  });

  it("the server's issues are split by target", () => {
    expect(
      splitIssues(
        [
          { path: "targets[1].youtube.title", message: "m", code: "too_small" },
          { path: "scheduledAt", message: "m", code: "invalid" },
        ],
        2,
      ),
    ).toEqual({
      byTarget: [[], [{ path: "youtube.title", message: "m", code: "too_small" }]],
      general: [{ path: "scheduledAt", message: "m", code: "invalid" }],
    });
  });
});

describe("Bluesky and Mastodon targets", () => {
  it("send their own options only, read back from a draft unchanged, and a text post to them has nothing to refuse", () => {
    let c = compose(["bluesky", "mastodon", "x"], { text: "Hello https://example.com", thread: ["Second"], firstComment: "More" });
    c = {
      ...c,
      targets: {
        ...c.targets,
        [ids.bluesky]: { ...c.targets[ids.bluesky]!, bluesky: { langs: " en,pt-BR ,, " } },
        [ids.mastodon]: { ...c.targets[ids.mastodon]!, mastodon: { visibility: "unlisted", spoilerText: "Long read", sensitive: false, language: "" } },
      },
    };
    const body = toGroupBody(c, providerOf);
    expect(body.targets).toEqual([
      { accountId: ids.bluesky, bluesky: { langs: ["en", "pt-BR"] } },
      { accountId: ids.mastodon, mastodon: { visibility: "unlisted", spoilerText: "Long read" } },
      { accountId: ids.x },
    ]);
    const back = fromGroupBody(body, providerOf, () => undefined);
    expect(back.targets[ids.bluesky]!.bluesky).toEqual({ langs: "en, pt-BR" });
    expect(back.targets[ids.mastodon]!.mastodon).toEqual({ visibility: "unlisted", spoilerText: "Long read", sensitive: false, language: "" });
    expect(toGroupBody(back, providerOf)).toEqual(body);
    // text platforms of the table: the thread and first comment go to them, no media mode is asked for
    expect(checkGroup(body, providerOf, () => undefined)).toEqual({ byTarget: [[], [], []], general: [] });
  });
});
