// The event types a webhook can subscribe to (a module of its own: the dashboard lists them too).
export const WEBHOOK_EVENT_TYPES = [
  "publish_job.queued",
  "publish_job.processing",
  "publish_job.published",
  "publish_job.failed",
  "publish_job.unknown",
  "publish_job.canceled",
  "scheduled_post.created",
  "scheduled_post.rescheduled",
  "scheduled_post.canceled",
  "account.connected",
  "account.needs_reconnect",
  "account.disconnected",
  "media.confirmed",
  "carousel.completed",
  "carousel.failed",
  "posts.synced",
  "import.completed",
  "import.failed",
  "feed.item_posted",
  "feed.fetch_failed",
  "post_group.pending_approval",
  "post_group.approved",
  "post_group.rejected",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent by POST /api/v1/webhooks/{id}/test only; no subscription receives it otherwise. */
