// A real SMTP server for tests (smtp-server): every message it accepts is parsed (mailparser) and
// written as JSON into a folder, so any process (a Playwright worker, a vitest worker) reads the
// same inbox. A recipient named busy<N>-…@ is refused N times with a temporary failure (451), as a
// busy mail server does, to drive the retries.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedEmail = { to: string[]; from: string; subject: string; text: string; html: string; messageId: string; receivedAt: string };

export async function startSmtpInbox(dir: string): Promise<{ url: string; dir: string; stop(): Promise<void> }> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const refused = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const busy = /^busy(\d+)-/.exec(address.address);
      const times = refused.get(address.address) ?? 0;
      if (busy && times < Number(busy[1])) {
        refused.set(address.address, times + 1);
        return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const email: ReceivedEmail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            messageId: mail.messageId ?? "",
            receivedAt: new Date().toISOString(),
          };
          fs.writeFileSync(path.join(dir, `${Date.now()}-${crypto.randomUUID()}.json`), JSON.stringify(email));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => server.listen(0, "127.0.0.1", () => resolve()).once("error", reject));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every email received so far for `to` (oldest first). */
export function readInbox(dir: string, to?: string): ReceivedEmail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as ReceivedEmail)
    .filter((e) => !to || e.to.includes(to.toLowerCase()));
}

/** Waits for an email to `to` whose subject matches, received after `since` (default: any). */
export async function waitForEmail(dir: string, to: string, subject: RegExp, opts: { timeoutMs?: number; since?: Date } = {}): Promise<ReceivedEmail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    const found = readInbox(dir, to).find((e) => subject.test(e.subject) && (!opts.since || new Date(e.receivedAt) >= opts.since));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No email to ${to} matching ${subject} within ${opts.timeoutMs ?? 30_000} ms (inbox: ${dir})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in an email's text part that starts with `prefix` (the app's PUBLIC_URL). */
export function linkIn(email: ReceivedEmail, prefix: string): string {
  const found = email.text.match(/https?:\/\/\S+/g)?.find((u) => u.startsWith(prefix));
  if (!found) throw new Error(`No link to ${prefix} in the email "${email.subject}"`);
  return found;
}
