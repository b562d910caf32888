// Sentences that name groups of platforms, made from the provider table so a new provider is
// named wherever its group is ("the thread's replies go to X, Threads, Bluesky and Mastodon").
import { providerLabels, providers, providerTable, type ProviderName } from "@/server/domain/accounts/providers";

/** "A", "A and B", "A, B and C" (or "A, B or C"). */
export function listWords(words: readonly string[], conjunction: "and" | "or" = "and"): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} ${conjunction} ${words.at(-1)}`;
}

const named = (filter: (p: ProviderName) => boolean) => listWords(providers.filter(filter).map((p) => providerLabels[p]));

/** Every platform, in the table's order. */
export const allPlatforms = listWords(providers.map((p) => providerLabels[p]));
/** The platforms whose posts can be threads of replies. */
export const threadPlatforms = named((p) => providerTable[p].threads);
/** Where a first comment is a reply in the thread. */
export const replyCommentPlatforms = named((p) => providerTable[p].threads && providerTable[p].firstComment);
/** Where a first comment is a comment under the post. */
export const commentPlatforms = named((p) => !providerTable[p].threads && providerTable[p].firstComment);
/** Where there is no first comment (and Stories), as "X, Y or Stories". */
export const noCommentPlaces = listWords([...providers.filter((p) => !providerTable[p].firstComment).map((p) => providerLabels[p]), "Stories"], "or");
