// The service signs every webhook delivery with Standard Webhooks (webhook-id, webhook-timestamp,
// webhook-signature; docs/api-webhooks.md): verifying is that library's check with the endpoint's
// secret (whsec_…), on the raw body as received.
import { Webhook, WebhookVerificationError } from "standardwebhooks";

export { WebhookVerificationError };

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

/**
 * The delivery's parsed JSON when its signature is valid and its timestamp recent (5 minutes);
 * throws WebhookVerificationError otherwise. `body` must be the raw body, byte for byte.
 */
export function verifyWebhook(secret: string, body: string | Uint8Array, headers: HeaderBag): unknown {
  const get = (name: string) => {
    const value = headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()]);
    return Array.isArray(value) ? value[0] : (value ?? undefined);
  };
  const payload = typeof body === "string" ? body : Buffer.from(body).toString("utf8");
  return new Webhook(secret).verify(payload, {
    "webhook-id": get("webhook-id") ?? "",
    "webhook-timestamp": get("webhook-timestamp") ?? "",
    "webhook-signature": get("webhook-signature") ?? "",
  });
}
