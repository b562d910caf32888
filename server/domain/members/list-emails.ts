// The workspace's outgoing email, newest first, for the Members page: what was sent, what is
// being retried (attempts and the mail server's last answer) and what could not be sent.
import { db } from "../../db.ts";
import { env } from "../../env.ts";
import { assertCan, type Scope } from "../access.ts";

export async function listWorkspaceEmails(scope: Scope) {
  assertCan(scope, "members.manage");
  const emails = await db.emailMessage.findMany({
    where: { workspaceId: scope.workspaceId },
    orderBy: { createdAt: "desc" },
    take: 50,
    select: { id: true, kind: true, to: true, subject: true, status: true, attempts: true, lastError: true, createdAt: true, sentAt: true },
  });
  return {
    smtpConfigured: env().smtpUrl !== null,
    emails: emails.map((e) => ({ ...e, createdAt: e.createdAt.toISOString(), sentAt: e.sentAt?.toISOString() ?? null })),
  };
}
