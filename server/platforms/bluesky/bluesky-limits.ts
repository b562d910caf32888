// Bluesky's limits, from the app.bsky.feed.post and app.bsky.embed.images lexicons: the text is
// at most 300 graphemes (3,000 bytes), counted as Bluesky counts them (RichText.graphemeLength,
// the same segmenter its app uses); at most 4 images, each at most 1,000,000 bytes; or one
// video (app.bsky.embed.video): an MP4 of at most 100,000,000 bytes, its alt text 1,000 graphemes.
// Client-safe (the composer's rules run it in the browser): no node modules. The grapheme count
// is RichText.graphemeLength's (a default Intl.Segmenter), in linear time (graphemes.ts).
import { graphemeCount } from "../../text/graphemes.ts";

export const BLUESKY_LIMITS = {
  graphemes: 300,
  textBytes: 3000,
  images: 4,
  imageBytes: 1_000_000,
  altTextGraphemes: 2000,
  videoBytes: 100_000_000,
  videoAltTextGraphemes: 1000,
} as const;

export function blueskyGraphemes(text: string): number {
  return graphemeCount(text);
}

/** Why Bluesky would refuse this text, or null. */
export function blueskyTextProblem(text: string): string | null {
  // past 3,000 bytes the text is refused anyway: no need to count the rest of a huge one
  const count = graphemeCount(text, BLUESKY_LIMITS.textBytes);
  if (count > BLUESKY_LIMITS.textBytes) return `is over ${BLUESKY_LIMITS.textBytes} characters long; Bluesky takes at most ${BLUESKY_LIMITS.graphemes}`;
  if (count > BLUESKY_LIMITS.graphemes) return `is ${count} characters long; Bluesky takes at most ${BLUESKY_LIMITS.graphemes}`;
  // only text dense in multi-byte characters (emoji sequences) reaches this before the graphemes
  const bytes = new TextEncoder().encode(text).length;
  return bytes > BLUESKY_LIMITS.textBytes ? `is ${bytes} bytes long in UTF-8; Bluesky takes at most ${BLUESKY_LIMITS.textBytes}` : null;
}
