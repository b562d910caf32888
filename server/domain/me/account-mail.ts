// The emails of a person's own account (password reset, email change), written by the outgoing-
// mail module (server/mail) in the caller's transaction: a token never exists without its email,
// nor is an email sent for a token that was rolled back.
import type { TxSql } from "../../db.ts";
import { enqueueEmail } from "../../mail/enqueue-email.ts";

export async function sendPasswordResetEmail(q: TxSql, to: string, url: string): Promise<void> {
  await enqueueEmail(q, {
    workspaceId: null,
    kind: "password_reset",
    to,
    subject: "Reset your Posteady password",
    heading: "Reset your password",
    paragraphs: [
      "Someone (hopefully you) asked to reset the password of the Posteady account of this address.",
      "If it was not you, ignore this email: your password stays as it is.",
    ],
    action: { label: "Choose a new password", url },
    note: "The link works once, for one hour.",
  });
}

export async function sendEmailChangeEmail(q: TxSql, to: string, url: string): Promise<void> {
  await enqueueEmail(q, {
    workspaceId: null,
    kind: "email_change",
    to,
    subject: "Confirm your new Posteady email",
    heading: "Confirm your new email",
    paragraphs: [
      "Confirm that this address should become the sign-in email of your Posteady account.",
      "Until you confirm, the account keeps its current email. If you did not ask for this, ignore this email.",
    ],
    action: { label: "Confirm this email address", url },
    note: "The link works once, for 24 hours.",
  });
}
