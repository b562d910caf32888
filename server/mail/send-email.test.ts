// Outgoing email through the real worker to a real SMTP server (the test stack's inbox).
import { inject, describe, expect, it } from "vitest";
import { db, withTransaction } from "../db.ts";
import { linkIn, waitForEmail } from "../testing/smtp-inbox.ts";
import { enqueueEmail, EMAIL_MAX_ATTEMPTS } from "./enqueue-email.ts";

const mailDir = inject("mailDir");
const unique = () => Math.random().toString(36).slice(2, 10);

describe("outgoing email", () => {
  it("is delivered by the worker with a plain-text and an HTML part carrying the same link", async () => {
    const to = `reader-${unique()}@example.test`;
    const link = `${inject("baseUrl")}/invitations/abc?x=1&y=2`;
    const { emailId, status } = await withTransaction((q) =>
      enqueueEmail(q, {
        workspaceId: null,
        kind: "test",
        to,
        subject: "Hello <there>",
        heading: "A heading",
        paragraphs: ["First & only"],
        action: { label: "Open it", url: link },
      }),
    );
    expect(status).toBe("pending");
    const email = await waitForEmail(mailDir, to, /^Hello <there>$/);
    expect(email.text).toContain("First & only");
    expect(linkIn(email, inject("baseUrl"))).toBe(link);
    expect(email.html).toContain("First &#38; only");
    expect(email.html).toContain(`href="${link.replace(/&/g, "&#38;")}"`);
    expect(email.html).toContain('name="viewport"');
    await expect.poll(async () => (await db.emailMessage.findUniqueOrThrow({ where: { id: emailId } })).status).toBe("sent");
  });

  it("is retried with backoff when the mail server refuses it for a while, and the attempts are kept", async () => {
    const to = `busy2-${unique()}@example.test`;
    const { emailId } = await withTransaction((q) =>
      enqueueEmail(q, { workspaceId: null, kind: "test", to, subject: "Retried", heading: "Retried", paragraphs: ["x"] }),
    );
    await expect.poll(async () => (await db.emailMessage.findUniqueOrThrow({ where: { id: emailId } })).lastError, { timeout: 10_000 }).toMatch(/451/);
    await waitForEmail(mailDir, to, /^Retried$/, { timeoutMs: 40_000 });
    const row = await db.emailMessage.findUniqueOrThrow({ where: { id: emailId } });
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(EMAIL_MAX_ATTEMPTS).toBeGreaterThan(row.attempts);
  }, 60_000);

  it("is written in the transaction that sends it: a rolled-back change sends nothing", async () => {
    const to = `rolled-back-${unique()}@example.test`;
    await expect(
      withTransaction(async (q) => {
        await enqueueEmail(q, { workspaceId: null, kind: "test", to, subject: "Never", heading: "Never", paragraphs: ["x"] });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.emailMessage.count({ where: { to } })).toBe(0);
  });
});
