// The events a webhook can receive, and each event's `data`: the resource as the API shows it,
// presented from the row the trigger recorded in the transaction of the change (migration
// 20261126090000_webhooks), so a `processing` event says processing even when it is delivered
// after the job was published.
import {
  ACCOUNT_TIMESTAMPS,
  fromJsonRow,
  JOB_TIMESTAMPS,
  MEDIA_TIMESTAMPS,
  type Carousel,
  type ConnectedAccount,
  type MediaItem,
  type PublishJob,
} from "../../db.ts";
import { presentAccount } from "../accounts/list-accounts.ts";
import { carouselImages } from "../carousels/get-carousel.ts";
import { presentCarousel } from "../carousels/present-carousel.ts";
import { presentMedia } from "../media/present-media.ts";
import { presentImport, readImport } from "../imports/get-import.ts";
import { presentJob } from "../publishing/present-job.ts";
import { presentScheduled } from "../scheduling/list-scheduled-posts.ts";

export const TEST_EVENT_TYPE = "webhook.test";

const CAROUSEL_TIMESTAMPS = ["createdAt", "updatedAt", "completedAt"] as const satisfies readonly (keyof Carousel)[];

type Row = Record<string, unknown>;

/** The event's `data`: the recorded row as the API shows that resource. */
export async function presentEventData(type: string, resource: Row): Promise<unknown> {
  const area = type.split(".")[0];
  switch (area) {
    case "publish_job": {
      const job = fromJsonRow<PublishJob & { username: string }>(resource, JOB_TIMESTAMPS);
      return presentJob(job, job);
    }
    case "scheduled_post":
      return presentScheduled(fromJsonRow<PublishJob & { username: string }>(resource, JOB_TIMESTAMPS));
    case "account":
      return presentAccount(fromJsonRow<ConnectedAccount>(resource, ACCOUNT_TIMESTAMPS));
    case "posts": {
      const account = fromJsonRow<ConnectedAccount>(resource, ACCOUNT_TIMESTAMPS);
      return { ...presentAccount(account), syncedAt: account.lastSyncedAt?.toISOString() ?? null };
    }
    case "media":
      return presentMedia(fromJsonRow<MediaItem>(resource, MEDIA_TIMESTAMPS));
    case "carousel": {
      const carousel = fromJsonRow<Carousel>(resource, CAROUSEL_TIMESTAMPS);
      return presentCarousel(carousel, await carouselImages(carousel.id));
    }
    case "import": {
      // the rows as they are at delivery: an ended import's rows no longer change
      const found = await readImport(String(resource.id));
      return found ? presentImport(found) : resource;
    }
    default:
      return resource;
  }
}

/** The body every endpoint receives: `{ type, timestamp, data }`. */
export async function eventBody(event: { type: string; createdAt: Date; resource: Row }): Promise<string> {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: await presentEventData(event.type, event.resource) });
}
