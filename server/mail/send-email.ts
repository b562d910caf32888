// Delivers one queued email over SMTP (nodemailer). A failure records the attempt and its error
// for the dashboard and is thrown, so the queue retries it with backoff; the last failure marks it
// failed. An email already sent is not sent again (a retried job after a crash between the SMTP
// server's answer and our update may repeat it once: its Message-ID stays the same).
import nodemailer, { type Transporter } from "nodemailer";
import { sql } from "../db.ts";
import { env } from "../env.ts";

let transport: { url: string; transporter: Transporter } | undefined;

function transporter(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

type EmailRow = { id: string; to: string; subject: string; text: string; html: string; status: string };

export async function sendEmail(emailId: string, attempt: number, maxAttempts: number): Promise<void> {
  const [email] = await sql<EmailRow>(
    "email-claim",
    `UPDATE "EmailMessage" SET status = 'sending', attempts = attempts + 1 WHERE id = $1 AND status IN ('pending', 'sending') RETURNING *`,
    [emailId],
  );
  if (!email) return; // sent, failed or gone
  const url = env().smtpUrl;
  try {
    if (!url) throw new Error("SMTP_URL is not set");
    const host = new URL(env().publicUrl).hostname || "localhost";
    await transporter(url).sendMail({
      from: env().mailFrom,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: `<${email.id}@${host}>`,
    });
    await sql("email-sent", `UPDATE "EmailMessage" SET status = 'sent', "sentAt" = now(), "lastError" = NULL WHERE id = $1`, [emailId]);
  } catch (err) {
    const last = attempt >= maxAttempts;
    await sql("email-failed", `UPDATE "EmailMessage" SET status = $2, "lastError" = $3 WHERE id = $1`, [
      emailId,
      last ? "failed" : "pending",
      String((err as Error).message).slice(0, 500),
    ]);
    throw err;
  }
}
