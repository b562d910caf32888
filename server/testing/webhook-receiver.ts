// A webhook endpoint for tests and drills: verifies every delivery with the `standardwebhooks`
// library, as any receiver would, and records what arrived. It listens on 127.0.0.2, the one
// private address the tests' URL_FETCH_ALLOW_CIDRS opens. It can be down (answering 503) or hold
// answers back, and answer anything else on purpose.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type Received = { webhookId: string; type: string; timestamp: string; data: any; verified: boolean; at: number };

export type Receiver = {
  url: string;
  received: Received[];
  /** set the secret deliveries are verified with (from the webhook's creation answer) */
  useSecret(secret: string): void;
  /** how the next requests are answered: a status (and Location) or down (503); holdMs delays every answer */
  behave(b: { status?: number; location?: string; holdMs?: number }): void;
  /** resolves when a request has arrived and is being held */
  requestArrived(): Promise<void>;
  close(): Promise<void>;
};

export async function startReceiver(path = "/hooks"): Promise<Receiver> {
  let verifier: Webhook | undefined;
  let behaviour: { status?: number; location?: string; holdMs?: number } = {};
  const received: Received[] = [];
  let arrived: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const { status = 200, location, holdMs = 0 } = behaviour;
      arrived?.();
      arrived = undefined;
      setTimeout(() => {
        // a sender that went away before the answer (its worker died) did not deliver: not recorded
        if (res.socket?.destroyed) return;
        if (status >= 200 && status < 300) {
          let verified = false;
          try {
            verifier?.verify(body, req.headers as Record<string, string>);
            verified = !!verifier;
          } catch {
            verified = false;
          }
          const event = JSON.parse(body) as { type: string; timestamp: string; data: unknown };
          received.push({
            webhookId: String(req.headers["webhook-id"]),
            type: event.type,
            timestamp: event.timestamp,
            data: event.data,
            verified,
            at: Date.now(),
          });
        }
        res.writeHead(status, location ? { Location: location } : {});
        res.end(status >= 200 && status < 300 ? "ok" : "not now");
      }, holdMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.2:${port}${path}`,
    received,
    useSecret: (secret) => (verifier = new Webhook(secret)),
    behave: (b) => (behaviour = b),
    requestArrived: () => new Promise((resolve) => (arrived = resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
