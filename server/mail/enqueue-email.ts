// Outgoing email is written in the transaction of the change that sends it (an invitation and its
// email exist together or not at all) and delivered by the worker's send-email task, which retries
// with the queue's backoff. Without SMTP_URL nothing is sent: the row is kept as `unsent`, and the
// dashboard shows the link instead (never a silent drop).
import crypto from "node:crypto";
import type { TxSql } from "../db.ts";
import { env } from "../env.ts";
import { renderEmail, type EmailContent } from "./email-layout.ts";

export const SEND_EMAIL_TASK = "send-email";
/** the queue's backoff (exp(attempt) seconds) over 10 attempts reaches about 6 hours */
export const EMAIL_MAX_ATTEMPTS = 10;

export type QueuedEmail = { emailId: string; status: "pending" | "unsent" };

export async function enqueueEmail(q: TxSql, email: { workspaceId: string | null; kind: string; to: string } & EmailContent): Promise<QueuedEmail> {
  const { subject, text, html } = renderEmail(email);
  const emailId = crypto.randomUUID();
  const status = env().smtpUrl ? "pending" : "unsent";
  await q("email-enqueue", `INSERT INTO "EmailMessage" (id, "workspaceId", kind, "to", subject, text, html, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
    emailId,
    email.workspaceId,
    email.kind,
    email.to,
    subject,
    text,
    html,
    status,
  ]);
  if (status === "pending") {
    await q("email-enqueue-job", `SELECT graphile_worker.add_job($1, json_build_object('emailId', $2::text), job_key => $3, max_attempts => $4::int)`, [
      SEND_EMAIL_TASK,
      emailId,
      `email:${emailId}`,
      EMAIL_MAX_ATTEMPTS,
    ]);
  }
  return { emailId, status };
}
