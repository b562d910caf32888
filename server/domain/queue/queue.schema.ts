// The queue (issue 49): an account's posting schedule, its next free slot, and its upcoming
// queued posts. Shape only; the rules are in the files beside this one.
import { z } from "zod";
import { providerSchema } from "../accounts/accounts.schema.ts";
import { timezoneSchema } from "../scheduling/scheduling.schema.ts";
import { DAYS } from "./slot-times.ts";

export const MAX_SLOTS = 7 * 24;

const slotSchema = z
  .strictObject({
    day: z.enum(DAYS).meta({ description: "Day of the week in the schedule's zone" }),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a 24-hour time "HH:MM", for example "09:00"' })
      .meta({ description: "Wall-clock time in the schedule's zone (24-hour HH:MM)", example: "09:00" }),
  })
  .meta({ id: "PostingSlot" });

const evergreenSchema = z
  .strictObject({
    minIntervalDays: z
      .number()
      .int()
      .min(1)
      .max(3650)
      .meta({ description: "An evergreen post goes out again on this account at most once in this many days", example: 30 }),
  })
  .meta({ id: "EvergreenSetting" });

export const postingScheduleBody = z
  .strictObject({
    accountId: z.uuid().optional().meta({ description: "Ignored when it is the path's account (so a GET answer can be sent back); another one is refused" }),
    timezone: timezoneSchema.meta({ description: "IANA time zone the slots are wall-clock times in", example: "Europe/Berlin" }),
    slots: z.array(slotSchema).max(MAX_SLOTS).meta({ description: "Weekly slots; duplicates are merged. Each slot holds one post of the account." }),
    paused: z.boolean().optional().meta({ description: "true: queued posts wait (nothing publishes) until resumed; default false" }),
    evergreen: evergreenSchema.nullable().optional().meta({
      description: "Evergreen on (an object) or off (null); omitted: unchanged. Evergreen post groups fill this account's free slots of the next 24 hours.",
    }),
  })
  .meta({ id: "PostingScheduleInput" });
export type PostingScheduleBody = z.output<typeof postingScheduleBody>;

export const postingScheduleSchema = z
  .object({
    accountId: z.uuid(),
    timezone: z.string(),
    slots: z.array(slotSchema),
    paused: z.boolean(),
    evergreen: evergreenSchema.nullable().meta({ description: "null: evergreen off for this account" }),
  })
  .meta({ id: "PostingSchedule" });
export type PostingScheduleView = z.infer<typeof postingScheduleSchema>;

export const accountIdParams = z.strictObject({ id: z.uuid() });

export const nextSlotSchema = z
  .object({
    accountId: z.uuid(),
    slotAt: z.iso.datetime({ offset: true }).nullable().meta({ description: "The next free slot (UTC); null when the account has no slots" }),
  })
  .meta({ id: "NextSlot" });
export type NextSlotView = z.infer<typeof nextSlotSchema>;

export const queueQuery = z.strictObject({ accountId: z.uuid() });

const queueItem = z.object({
  position: z.number().int().min(1),
  scheduledPostId: z.uuid(),
  jobId: z.uuid(),
  postGroupId: z.uuid().nullable(),
  accountId: z.uuid(),
  provider: providerSchema,
  scheduledAt: z.iso.datetime({ offset: true }),
  text: z.string().meta({ description: "The post's text (its first 140 characters)" }),
});
const recurringItem = z.object({
  scheduledPostId: z.uuid(),
  jobId: z.uuid(),
  postGroupId: z.uuid(),
  scheduledAt: z.iso.datetime({ offset: true }),
  text: z.string(),
});
export const queueSchema = z
  .object({
    items: z.array(queueItem),
    recurring: z.array(recurringItem).meta({
      description: "The account's next occurrences of recurring posts (up to 20): they keep the times of their rule and are not reordered with the queue",
    }),
  })
  .meta({ id: "Queue" });
export type QueueView = z.infer<typeof queueSchema>;

export const moveQueueItemBody = z
  .strictObject({
    scheduledPostId: z.uuid(),
    position: z.number().int().min(1).meta({ description: "1 is the next to publish" }),
  })
  .meta({ id: "MoveQueueItemInput" });

export const shuffleQueueBody = z.strictObject({ accountId: z.uuid() }).meta({ id: "ShuffleQueueInput" });

export const publishNextBody = z.strictObject({ accountId: z.uuid() }).meta({ id: "PublishNextInQueueInput" });
