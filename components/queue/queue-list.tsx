"use client";
// An account's queue in publishing order: position, time (in the schedule's zone, and how far
// off), text. Reordered by drag or by keyboard (dnd-kit: Space or Enter picks an item up, the
// arrow keys move it, Space drops it, Escape cancels; each step is announced), each drop a
// queue.move. The slot times stay where they are: the posts change places. Shuffle, and post the
// next one now (after a confirmation).
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { ProviderBadge, providerLabels } from "@/components/accounts/provider-badge";
import { formatInZone } from "@/components/format/date-time";
import { errorMessage, useTRPC } from "@/components/trpc";
import { Alert } from "@/components/ui/alert";
import { usePermission } from "@/components/access/use-permission";
import { Button } from "@/components/ui/button";
import type { ProviderName } from "@/server/domain/accounts/providers";
import type { QueueView } from "@/server/domain/queue/queue.schema";
import { relativeTime } from "./relative-time";

type Item = QueueView["items"][number];

const instructions: ScreenReaderInstructions = {
  draggable: "To move a post, press Space or Enter. Move it with the up and down arrow keys, press Space or Enter again to drop it there, or Escape to cancel.",
};

export function QueueList({ accountId, provider }: { accountId: string; provider: ProviderName }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const schedule = useQuery(trpc.queue.schedule.queryOptions({ accountId }));
  const queue = useQuery(trpc.queue.items.queryOptions({ accountId }));
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const key = trpc.queue.items.queryKey({ accountId });
  const settle = (view: QueueView) => {
    queryClient.setQueryData(key, view);
    void queryClient.invalidateQueries({ queryKey: trpc.queue.freeSlots.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.queue.nextSlot.pathKey() });
  };
  const move = useMutation(trpc.queue.move.mutationOptions({ onSuccess: settle, onError: () => void queryClient.invalidateQueries({ queryKey: key }) }));
  const shuffle = useMutation(
    trpc.queue.shuffle.mutationOptions({ onSuccess: (v) => (settle(v), setDone("Shuffled: the posts keep the same slots in a new order.")) }),
  );
  const publishNext = useMutation(trpc.queue.publishNext.mutationOptions({ onSuccess: settle }));
  // reordering, shuffling and posting now are content.publish: others read the queue
  const canChange = usePermission("content.publish") === true;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const zone = schedule.data?.timezone ?? "UTC";
  const items = queue.data?.items ?? [];
  const textOf = (scheduledPostId: string | number) => items.find((i) => i.scheduledPostId === scheduledPostId)?.text ?? "post";
  const positionOf = (scheduledPostId: string | number | undefined) => items.findIndex((i) => i.scheduledPostId === scheduledPostId) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up "${textOf(active.id)}", at position ${positionOf(active.id)} of ${items.length}.`,
    // over itself right after the pick-up: nothing new to say (the pick-up stays announced)
    onDragOver: ({ active, over }) =>
      over?.id === active.id
        ? undefined
        : over
          ? `"${textOf(active.id)}" would go to position ${positionOf(over.id)} of ${items.length}.`
          : `"${textOf(active.id)}" is no longer over the queue.`,
    onDragEnd: ({ active, over }) =>
      over ? `"${textOf(active.id)}" dropped at position ${positionOf(over.id)} of ${items.length}.` : `"${textOf(active.id)}" dropped.`,
    onDragCancel: ({ active }) => `Moving "${textOf(active.id)}" was canceled; it stays at position ${positionOf(active.id)}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.scheduledPostId === active.id);
    const to = items.findIndex((i) => i.scheduledPostId === over.id);
    if (from < 0 || to < 0) return;
    setDone(null);
    // shown at once: the posts change places, the slot times stay by position
    const order = arrayMove(items, from, to).map((item, i) => ({ ...item, position: i + 1, scheduledAt: items[i]!.scheduledAt }));
    queryClient.setQueryData(key, { items: order, recurring: queue.data?.recurring ?? [] });
    move.mutate({ scheduledPostId: String(active.id), position: to + 1 });
  };

  const error = move.error ?? shuffle.error ?? publishNext.error;
  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 space-y-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Upcoming queue {items.length ? <span className="font-normal text-slate-500">({items.length})</span> : null}
        </h2>
        {items.length && canChange ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              aria-disabled={shuffle.isPending || undefined}
              onClick={() => !shuffle.isPending && shuffle.mutate({ accountId })}
              disabled={items.length < 2}
            >
              {shuffle.isPending ? "Shuffling…" : "Shuffle"}
            </Button>
            <Button variant="secondary" onClick={() => (setDone(null), setConfirming(true))} aria-expanded={confirming}>
              Post next now
            </Button>
          </div>
        ) : null}
      </div>
      {confirming && items[0] ? (
        <div
          role="group"
          aria-label="Confirm posting now"
          className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
        >
          <p>
            Publish &ldquo;{items[0].text}&rdquo; on {providerLabels[provider]} now? The other posts move up one slot.
          </p>
          <div className="flex gap-2">
            <Button
              aria-disabled={publishNext.isPending || undefined}
              onClick={() => {
                if (publishNext.isPending) return;
                const first = items[0]!;
                publishNext.mutate(
                  { accountId },
                  {
                    onSuccess: () => setDone(`Publishing "${first.text}" now. Follow it on the Jobs page.`),
                    onSettled: () => setConfirming(false),
                  },
                );
              }}
            >
              {publishNext.isPending ? "Publishing…" : "Publish now"}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep it queued
            </Button>
          </div>
        </div>
      ) : null}
      {error ? <Alert>{errorMessage(error)}</Alert> : null}
      {done ? <Alert tone="success">{done}</Alert> : null}

      {queue.isLoading ? (
        <p className="text-sm text-slate-500">Loading the queue…</p>
      ) : items.length === 0 ? (
        <div className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600" data-testid="queue-empty">
          <p className="font-medium text-slate-800">Nothing is queued for this account.</p>
          <p className="mt-1">
            {schedule.data && schedule.data.slots.length === 0 ? "Add slots to the posting schedule first, then add" : "Add"} posts from the{" "}
            <Link href="/compose" className="font-medium text-brand-700 underline">
              composer
            </Link>{" "}
            with <strong>Add to queue</strong>: each one takes the next free slot.
          </p>
        </div>
      ) : (
        <>
          <p className="text-xs text-slate-500">
            {canChange ? "Drag a post by its handle, or focus the handle and use Space and the arrow keys, to change the order. " : ""}Times are in{" "}
            {zone.replaceAll("_", " ")}.
          </p>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: instructions }}
          >
            <SortableContext items={items.map((i) => i.scheduledPostId)} strategy={verticalListSortingStrategy}>
              <ol aria-label="Queued posts" className="space-y-2" data-testid="queue-list">
                {items.map((item) => (
                  <QueueRow key={item.scheduledPostId} item={item} zone={zone} movable={canChange} />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </>
      )}
      {queue.data?.recurring.length ? (
        <div className="space-y-2" data-testid="queue-recurring">
          <h3 className="text-sm font-semibold text-slate-800">Repeating posts on this account</h3>
          <p className="text-xs text-slate-500">They keep the times of their rule; skip, edit or end them in the calendar.</p>
          <ul className="space-y-1 text-sm">
            {queue.data.recurring.map((r) => (
              <li key={r.scheduledPostId} className="flex min-w-0 gap-2">
                <time dateTime={r.scheduledAt} className="shrink-0 tabular-nums text-slate-600">
                  {formatInZone(r.scheduledAt, zone)}
                </time>
                <span className="truncate">{r.text}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function QueueRow({ item, zone, movable }: { item: Item; zone: string; movable: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.scheduledPostId });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex min-w-0 items-start gap-3 rounded-md bg-white p-3 ring-1 ring-slate-200 ${isDragging ? "relative z-10 shadow-lg" : ""}`}
      data-testid="queue-item"
    >
      {movable ? (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move post ${item.position}: ${item.text}`}
          className="mt-0.5 cursor-grab touch-none rounded px-1.5 py-1 text-slate-500 hover:bg-slate-100 active:cursor-grabbing"
          data-testid="queue-handle"
        >
          <span aria-hidden>⋮⋮</span>
        </button>
      ) : null}
      <span className="mt-1 w-6 shrink-0 text-right text-sm font-semibold tabular-nums text-slate-500" data-testid="queue-position">
        {item.position}
      </span>
      <ProviderBadge provider={item.provider} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm text-slate-900" data-testid="queue-text">
          {item.text || <span className="text-slate-500">(no text)</span>}
        </p>
        <p className="mt-0.5 text-xs text-slate-600">
          <time dateTime={item.scheduledAt}>{formatInZone(item.scheduledAt, zone)}</time> · {relativeTime(item.scheduledAt)} · {providerLabels[item.provider]}
        </p>
      </div>
    </li>
  );
}
