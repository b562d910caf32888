// The replies of threads published through POST /api/v1/posts. Text is published there without a
// job, so nothing else remembers which of the account's posts form one thread; the calendar shows
// these replies as part of the thread's first post, as it does the replies a job published.
import { db } from "../../db.ts";
import type { TextOutcome } from "./publish-text.ts";

/** Records every reply of each account's thread (a thread cut short by a failure too). */
export async function recordThreadReplies(results: TextOutcome[]): Promise<void> {
  const data = results.flatMap(({ accountId, postIds: [root, ...replies] }) => replies.map((nativeId) => ({ accountId, nativeId, rootNativeId: root! })));
  if (data.length) await db.threadReply.createMany({ data, skipDuplicates: true });
}
