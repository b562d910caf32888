// What the provider table derives for SPEC.md's seven providers: an edit of the table that would
// change one of their rules (order of the enums, text or media, threads, first comments,
// metricsUpdatedAt, TikTok's second app) fails here.
import { describe, expect, it } from "vitest";
import { reportsMetricsUpdatedAt } from "../posts/metric-mapping.ts";
import { mediaProviders, noFirstCommentProviders, providerLabels, providers, providerTable, textProviders, threadProviders } from "./providers.ts";

describe("provider table", () => {
  it("lists SPEC.md's providers in the order of the provider enums", () => {
    // SPEC.md's seven first, then the additions of issue 48
    expect(providers).toEqual(["threads", "x", "linkedin", "tiktok", "instagram", "youtube", "facebook", "bluesky", "mastodon"]);
  });

  it("derives the text and media providers, threads and first comments", () => {
    expect(textProviders).toEqual(["threads", "x", "linkedin", "bluesky", "mastodon"]);
    expect(mediaProviders).toEqual(["tiktok", "instagram", "youtube", "facebook"]);
    expect(threadProviders).toEqual(["threads", "x", "bluesky", "mastodon"]);
    expect(noFirstCommentProviders).toEqual(["tiktok", "youtube"]);
    expect([...reportsMetricsUpdatedAt].sort()).toEqual(["instagram", "tiktok", "youtube"]);
  });

  it("labels every provider and gives only TikTok a second app to connect through", () => {
    expect(providerLabels).toEqual({
      threads: "Threads",
      x: "X",
      linkedin: "LinkedIn",
      tiktok: "TikTok",
      instagram: "Instagram",
      youtube: "YouTube",
      facebook: "Facebook",
      bluesky: "Bluesky",
      mastodon: "Mastodon",
    });
    expect(providers.filter((p) => providerTable[p].connect.apps)).toEqual(["tiktok"]);
  });
});
