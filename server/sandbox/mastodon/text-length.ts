// A status's length as Mastodon's StatusLengthValidator counts it
// (https://docs.joinmastodon.org/user/posting/#text): grapheme clusters of the content warning
// plus the text, where every http(s) URL counts as characters_reserved_per_url and a remote
// mention @user@domain counts as @user.

import { graphemeCount } from "../../text/graphemes.ts";

// URLs need their scheme (Mastodon extracts them with extract_url_without_protocol: false);
// trailing punctuation ends a URL, as in running text.
const url = /https?:\/\/[^\s<>"]+[^\s<>".,:;!?)\]'}]/giu;
const mention = /(^|[^\w/])@(\w+)@[\w.-]+\w/gu;

export function statusLength(text: string, spoilerText: string, reservedPerUrl: number): number {
  const countable = text.replace(url, "x".repeat(reservedPerUrl)).replace(mention, (_m, pre: string, user: string) => `${pre}@${user}`);
  return graphemeCount(spoilerText) + graphemeCount(countable);
}
