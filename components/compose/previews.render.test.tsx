// Bluesky's and Mastodon's previews, rendered: counters in each platform's unit (Bluesky's
// graphemes as @atproto/api counts them, Mastodon's links as 23), the link card, the content
// warning and the visibility.
import { cleanup, render } from "@/components/testing/render-dom";
import { RichText } from "@atproto/api";
import { afterEach, describe, expect, test } from "vitest";
import { graphemeLength } from "./char-counter";
import { newTarget, type PickedMedia, type SharedContent, type TargetState } from "./composition";
import { PlatformPreview, type PreviewProps } from "./previews";
import { ThreadEditor } from "./thread-editor";

afterEach(cleanup);

const content = (patch: Partial<SharedContent>): SharedContent => ({ text: "", thread: [], media: [], firstComment: "", ...patch });
const image = (n: number, altText?: string): PickedMedia => ({
  mediaId: `00000000-0000-4000-8000-00000000000${n}`,
  mediaType: "IMAGE",
  fileName: `photo-${n}.jpg`,
  url: `https://storage.test/photo-${n}.jpg`,
  ...(altText ? { altText } : {}),
});

function preview(provider: PreviewProps["provider"], c: SharedContent, target: TargetState = newTarget(), extra: Partial<PreviewProps> = {}) {
  return render(<PlatformPreview provider={provider} username="me" displayName="Me" content={c} target={target} problems={[]} notes={[]} {...extra} />);
}

const counter = (root: Element, label: string) => {
  const el = root.querySelector(`[data-testid="counter-${label}"]`);
  if (!el) throw new Error(`no counter ${label}`);
  return el;
};

// a family (4 people joined by zero-width joiners): 1 grapheme, 7 code points, 11 UTF-16 units
const family = "👨‍👩‍👧‍👦";

describe("Bluesky preview", () => {
  test("counts graphemes as @atproto/api's RichText.graphemeLength does", () => {
    for (const text of [
      "hello",
      "café",
      "cafe\u0301",
      family,
      `${family}🇵🇹 and 👍🏽`,
      "日本語のテキスト",
      "a\r\nb",
      "https://example.com/a?b=c #tag @me.bsky.social",
    ])
      expect(graphemeLength(text), text).toBe(new RichText({ text }).graphemeLength);
  });

  test("300 graphemes fit; 301 turn the counter red and say it is too long", async () => {
    const fits = await preview("bluesky", content({ text: family.repeat(300) }));
    const ok = counter(fits, "Bluesky post 1");
    expect(ok.textContent).toBe("Bluesky post 1 300/300");
    expect(ok.getAttribute("data-over")).toBeNull();
    expect(ok.textContent).not.toContain("too long");
    await cleanup();

    const over = await preview("bluesky", content({ text: "x".repeat(301), thread: ["a reply"] }));
    const red = counter(over, "Bluesky post 1");
    expect(red.textContent).toBe("Bluesky post 1 301/300 (too long)");
    expect(red.getAttribute("data-over")).toBe("true");
    expect(red.className).toContain("text-red-700");
    // the words screen readers read with it
    expect(red.querySelector(".sr-only")?.textContent).toBe(" (too long)");
    expect(counter(over, "Bluesky post 2").textContent).toBe("Bluesky post 2 7/300");
  });

  test("the thread is a reply chain; the first comment a reply with its own counter", async () => {
    const root = await preview("bluesky", content({ text: "One", thread: ["Two", "Three"], firstComment: "More below" }));
    const posts = [...root.querySelectorAll('[aria-label="Bluesky posts"] > li')];
    expect(posts.map((p) => p.querySelector("p:not(.text-xs)")?.textContent)).toEqual(["One", "Two", "Three"]);
    expect(posts[1]!.textContent).toContain("Reply to post 1");
    expect(posts[2]!.textContent).toContain("Reply to post 2");
    const comment = root.querySelector('[data-testid="preview-first-comment"]')!;
    expect(comment.textContent).toContain("First comment (a reply)");
    expect(counter(comment, "Bluesky first comment").textContent).toBe("Bluesky first comment 10/300");
  });

  test("a post with a link and no media shows the link card: the first link's domain and address", async () => {
    const root = await preview(
      "bluesky",
      content({ text: "Read https://www.example.com/launch?ref=bsky then example.org", thread: ["no link here", "docs at docs.example.net/start"] }),
    );
    const cards = [...root.querySelectorAll('[data-testid="preview-link-card"]')];
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain("Link card");
    expect(cards[0]!.textContent).toContain("example.com");
    expect(cards[0]!.textContent).toContain("https://www.example.com/launch?ref=bsky");
    expect(cards[0]!.textContent).not.toContain("example.org");
    expect(cards[1]!.textContent).toContain("https://docs.example.net/start");
  });

  test("with media there is no link card; up to 4 images with their alt text, more are flagged", async () => {
    const withImage = await preview("bluesky", content({ text: "See https://example.com", media: [image(1, "A red bicycle")] }));
    expect(withImage.querySelector('[data-testid="preview-link-card"]')).toBeNull();
    expect(withImage.querySelector("img")?.getAttribute("alt")).toBe("A red bicycle");
    expect(withImage.querySelector("figcaption")?.textContent).toBe("ALT");
    await cleanup();

    const five = await preview("bluesky", content({ text: "Five", media: [1, 2, 3, 4, 5].map((n) => image(n, `Photo ${n}`)) }));
    expect([...five.querySelectorAll("img")].map((i) => i.getAttribute("alt"))).toEqual(["Photo 1", "Photo 2", "Photo 3", "Photo 4"]);
    expect(five.textContent).toContain("+1 more: Bluesky takes 4 images");
  });
});

describe("Mastodon preview", () => {
  const mastodon = (patch: Partial<TargetState["mastodon"]>): TargetState => ({ ...newTarget(), mastodon: { ...newTarget().mastodon, ...patch } });

  test("shows the visibility: Public by default, Unlisted, Followers only", async () => {
    for (const [visibility, words] of [
      ["public", "Public"],
      ["unlisted", "Unlisted"],
      ["private", "Followers only"],
    ] as const) {
      const root = await preview("mastodon", content({ text: "Hello" }), mastodon({ visibility }));
      expect(root.querySelector('[data-testid="preview-visibility"]')?.textContent).toBe(`Visibility: ${words}`);
      await cleanup();
    }
  });

  test("a content warning is a collapsed CW line above the text, on each post, and counts toward the limit", async () => {
    const root = await preview("mastodon", content({ text: "Spoilers ahead", thread: ["More spoilers"] }), mastodon({ spoilerText: "Film ending" }));
    const cws = [...root.querySelectorAll('[data-testid="preview-cw"]')];
    expect(cws).toHaveLength(2);
    expect(cws[0]!.tagName).toBe("DETAILS");
    expect(cws[0]!.hasAttribute("open")).toBe(false);
    expect(cws[0]!.querySelector("summary")?.textContent).toBe("CW: Film ending");
    expect(cws[0]!.textContent).toContain("Spoilers ahead");
    // 11 graphemes of warning + 14 of text
    expect(counter(root, "Mastodon post 1").textContent).toBe("Mastodon post 1 25/500");
  });

  test("no content warning: the text shows as it is", async () => {
    const root = await preview("mastodon", content({ text: "Plain" }));
    expect(root.querySelector('[data-testid="preview-cw"]')).toBeNull();
    expect(root.textContent).toContain("Plain");
  });

  test("counts each link as 23 against the instance's limit: 500 when unknown, or the instance's own", async () => {
    const text = `${"a".repeat(470)} https://example.com/${"x".repeat(200)}`;
    const root = await preview("mastodon", content({ text }));
    // 470 + a space + 23 for the link, however long it is
    expect(counter(root, "Mastodon post 1").textContent).toBe("Mastodon post 1 494/500");
    await cleanup();
    const over = await preview("mastodon", content({ text: "b".repeat(501) }));
    expect(counter(over, "Mastodon post 1").getAttribute("data-over")).toBe("true");
    await cleanup();
    const bigger = await preview("mastodon", content({ text: "b".repeat(501) }), newTarget(), {
      instanceLimits: { maxCharacters: 5000, charactersReservedPerUrl: 23 },
    });
    expect(counter(bigger, "Mastodon post 1").textContent).toBe("Mastodon post 1 501/5000");
  });

  test("counts against the instance's limits as accounts.list gives them: 5000 as the limit, each link as the instance's reserved length", async () => {
    // the shape listDashboardAccounts answers for a Mastodon account (instanceLimits)
    const instanceLimits = { maxCharacters: 5000, maxMediaAttachments: 4, charactersReservedPerUrl: 30 };
    const text = `${"a".repeat(600)} https://example.com/${"x".repeat(200)}`;
    const root = await preview("mastodon", content({ text }), newTarget(), { instanceLimits });
    // 600 + a space + 30 for the link, against the instance's 5000
    expect(counter(root, "Mastodon post 1").textContent).toBe("Mastodon post 1 631/5000");
    expect(counter(root, "Mastodon post 1").getAttribute("data-over")).not.toBe("true");
  });

  test("the text editor's Mastodon counter counts against the instance's limit too, Mastodon's 500 when unknown", async () => {
    const text = `${"a".repeat(600)} https://example.com/${"x".repeat(200)}`;
    const limits = { maxCharacters: 5000, maxMediaAttachments: 4, charactersReservedPerUrl: 30 };
    const root = await render(<ThreadEditor posts={[text]} providers={["mastodon"]} threadable={false} mastodonLimits={limits} onChange={() => {}} />);
    expect(counter(root, "Mastodon").textContent).toContain("631/5000");
    await cleanup();
    const unknown = await render(<ThreadEditor posts={[text]} providers={["mastodon"]} threadable={false} onChange={() => {}} />);
    expect(counter(unknown, "Mastodon").textContent).toContain("624/500");
  });

  test("sensitive media are hidden behind a warning; the first comment is a reply", async () => {
    const root = await preview("mastodon", content({ text: "Look", media: [image(1, "A cat")], firstComment: "Source: me" }), mastodon({ sensitive: true }));
    expect(root.querySelector('[data-testid="preview-sensitive"]')?.textContent).toBe("Sensitive content");
    expect(root.querySelector("img")?.getAttribute("alt")).toBe("A cat");
    expect(root.querySelector('[data-testid="preview-first-comment"]')?.textContent).toContain("First comment (a reply)");
  });
});
