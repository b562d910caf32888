// User-perceived characters (grapheme clusters), counted with the default Intl.Segmenter as
// Bluesky (@atproto/lex-data's graphemeLen) and Mastodon count them, in time linear in the
// text: V8 makes every segment of one long string cost time in proportion to the string, so
// segmenting an 800 KB post at once took minutes and stalled the web process (api-fuzz found
// it). Slices of a few hundred code units give the same boundaries: each slice ends on a whole
// code point and its last segment, which may go on past the slice, is segmented again as the
// start of the next one. Client-safe: the composer's counter uses it too.
const segmenter = new Intl.Segmenter();
const SLICE = 256;

/** The number of grapheme clusters in `text`; once past `stopAfter`, some number above it. */
export function graphemeCount(text: string, stopAfter = Infinity): number {
  let count = 0;
  let start = 0;
  let size = SLICE;
  while (start < text.length) {
    let end = start + size;
    if (end >= text.length) {
      for (const _ of segmenter.segment(text.slice(start))) count++;
      return count;
    }
    if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
    let segments = 0;
    let lastStart = 0;
    for (const segment of segmenter.segment(text.slice(start, end))) {
      segments++;
      lastStart = segment.index;
    }
    if (segments === 1) {
      // one cluster longer than the slice (a letter with thousands of combining marks)
      size *= 2;
      continue;
    }
    count += segments - 1;
    if (count > stopAfter) return count;
    start += lastStart;
    size = SLICE;
  }
  return count;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
