// The n8n trigger's own signature check against deliveries signed by the `standardwebhooks`
// package the service signs with, and its event list against the service's.
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "../server/domain/webhooks/webhook-event-types.ts";
import { eventTypes } from "../n8n-nodes-posteady/nodes/PosteadyTrigger/events.ts";
import { verifySignature } from "../n8n-nodes-posteady/nodes/PosteadyTrigger/signature.ts";

const secret = `whsec_${Buffer.from("a secret of thirty-two bytes ok!").toString("base64")}`;

function signed(body: string, at = new Date()) {
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  const signature = new Webhook(secret).sign(id, at, body);
  return { "webhook-id": id, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature };
}

describe("the n8n trigger's Standard Webhooks check", () => {
  const body = JSON.stringify({ type: "publish_job.published", timestamp: new Date().toISOString(), data: { jobId: "j1" } });

  it("accepts what standardwebhooks signed, also among several signatures (a rotated secret)", () => {
    const headers = signed(body);
    expect(verifySignature(secret, headers, Buffer.from(body))).toBe(true);
    expect(
      verifySignature(secret, { ...headers, "webhook-signature": `v1,${Buffer.alloc(32).toString("base64")} ${headers["webhook-signature"]}` }, body),
    ).toBe(true);
  });

  it("refuses a changed body, another secret, a missing header and a timestamp over five minutes off", () => {
    const headers = signed(body);
    expect(verifySignature(secret, headers, body.replace("j1", "j2"))).toBe(false);
    expect(verifySignature(`whsec_${Buffer.from("another secret, thirty-two bytes").toString("base64")}`, headers, body)).toBe(false);
    expect(verifySignature(secret, { ...headers, "webhook-id": undefined }, body)).toBe(false);
    const old = signed(body, new Date(Date.now() - 6 * 60_000));
    expect(verifySignature(secret, old, body)).toBe(false);
    expect(() => new Webhook(secret).verify(body, old)).toThrow(); // the library agrees
  });
});

it("the trigger offers exactly the service's webhook events", () => {
  expect([...eventTypes].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
});
