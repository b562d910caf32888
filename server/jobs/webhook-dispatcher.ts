// Each worker process delivers due webhook deliveries (../domain/webhooks/deliveries.ts): it looks
// every half second, and at once again while it finds a full batch, sending up to 32 at a time.
// Several workers share the work through the claim (SKIP LOCKED); a worker that dies mid-attempt
// leaves its claims to fall due again after their lease.
import { attemptDelivery, claimDueDeliveries } from "../domain/webhooks/deliveries.ts";
import { log } from "../log.ts";

const INTERVAL_MS = 500;
const BATCH = 32;

export function startWebhookDispatcher(): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let failingSince: number | undefined;
  let running: Promise<void> = Promise.resolve();
  const round = async (): Promise<number> => {
    const due = await claimDueDeliveries(BATCH);
    await Promise.all(
      due.map((d) => attemptDelivery(d).catch((err) => log.warn("a webhook delivery attempt failed to run", { deliveryId: d.id, error: String(err) }))),
    );
    return due.length;
  };
  const tick = async () => {
    try {
      while (!stopped && (await round()) === BATCH);
      if (failingSince !== undefined) log.warn("webhook deliveries work again", { failedForMs: Date.now() - failingSince });
      failingSince = undefined;
    } catch (err) {
      if (failingSince === undefined) log.warn("claiming webhook deliveries failed; trying on", { error: String(err) });
      failingSince ??= Date.now();
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), INTERVAL_MS);
  };
  running = tick();
  return {
    // a stopping worker finishes the attempts it has made (each at most 10 s), so none is left to its lease
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
