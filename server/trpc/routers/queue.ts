// The dashboard's Queue page (issue 49): the same domain functions as /api/v1/queue and the
// posting-schedule routes, plus the calendar's free slots.
import { z } from "zod";
import { freeSlotsQuery, freeSlotTimes } from "../../domain/queue/free-slots.ts";
import { getPostingSchedule, putPostingSchedule } from "../../domain/queue/posting-schedule.ts";
import { getNextSlot, getQueue, moveQueueItem, publishNextNow, shuffleQueue } from "../../domain/queue/queue-items.ts";
import { moveQueueItemBody, postingScheduleBody, publishNextBody, queueQuery, shuffleQueueBody } from "../../domain/queue/queue.schema.ts";
import { router, workspaceProcedure } from "../init.ts";

const accountInput = z.object({ accountId: z.uuid() });

export const queueRouter = router({
  schedule: workspaceProcedure.input(accountInput).query(({ ctx, input }) => getPostingSchedule(ctx.scope, input.accountId)),
  setSchedule: workspaceProcedure
    .input(postingScheduleBody.omit({ accountId: true }).safeExtend({ accountId: z.uuid() }))
    .mutation(({ ctx, input: { accountId, ...body } }) => putPostingSchedule(ctx.scope, accountId, body)),
  nextSlot: workspaceProcedure.input(accountInput).query(({ ctx, input }) => getNextSlot(ctx.scope, input.accountId)),
  items: workspaceProcedure.input(queueQuery).query(({ ctx, input }) => getQueue(ctx.scope, input.accountId)),
  move: workspaceProcedure.input(moveQueueItemBody).mutation(({ ctx, input }) => moveQueueItem(ctx.scope, input.scheduledPostId, input.position)),
  shuffle: workspaceProcedure.input(shuffleQueueBody).mutation(({ ctx, input }) => shuffleQueue(ctx.scope, input.accountId)),
  publishNext: workspaceProcedure.input(publishNextBody).mutation(({ ctx, input }) => publishNextNow(ctx.scope, input.accountId)),
  freeSlots: workspaceProcedure.input(freeSlotsQuery).query(({ ctx, input }) => freeSlotTimes(ctx.scope, input)),
});
