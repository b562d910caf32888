// The emails of a person's own account (password reset, email change), written into the email
// outbox in the caller's transaction so a token is never created without its email, nor an email
// sent for a token that was rolled back.
// TEMPORARY: `enqueueEmail` and `emailLayout` stand in for the outgoing-mail module the lead is
// writing in server/mail (same call shape); at merge, import those instead and delete these two.
import type { Prisma } from "../../db.ts";
import { env } from "../../env.ts";

type Queryable = Pick<Prisma.TransactionClient, "emailMessage">;
type OutgoingEmail = { workspaceId: null; kind: string; to: string; subject: string; text: string; html: string };

async function enqueueEmail(q: Queryable, email: OutgoingEmail): Promise<void> {
  await q.emailMessage.create({ data: email });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function emailLayout(paragraphs: string[], link: { href: string; label: string }): { text: string; html: string } {
  const text = [...paragraphs, "", `${link.label}: ${link.href}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p><p style="color:#555;font-size:13px">${escapeHtml(link.href)}</p></body></html>`;
  return { text, html };
}

export function accountLink(path: string): string {
  return `${env().publicUrl}${path}`;
}

export async function sendPasswordResetEmail(q: Queryable, to: string, token: string): Promise<void> {
  const href = accountLink(`/reset-password/${token}`);
  const body = emailLayout(
    [
      "Someone (hopefully you) asked to reset the password of your Posteady account.",
      "The link below works once, for one hour. If you did not ask for it, ignore this email: your password stays as it is.",
    ],
    { href, label: "Choose a new password" },
  );
  await enqueueEmail(q, { workspaceId: null, kind: "password_reset", to, subject: "Reset your Posteady password", ...body });
}

export async function sendEmailChangeEmail(q: Queryable, to: string, token: string): Promise<void> {
  const href = accountLink(`/confirm-email/${token}`);
  const body = emailLayout(
    [
      "Confirm that this address should become the sign-in email of your Posteady account.",
      "Until you confirm, the account keeps its current email. The link works once, for 24 hours.",
    ],
    { href, label: "Confirm this email address" },
  );
  await enqueueEmail(q, { workspaceId: null, kind: "email_change", to, subject: "Confirm your new Posteady email", ...body });
}
