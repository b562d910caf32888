"use client";
// The workspace's carousels, newest first; polls every second while one is generating.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { useTRPC } from "@/components/trpc";
import { CarouselStatus, isGenerating } from "./carousel-status";
import { formatDateTime } from "@/components/format/date-time";

export function CarouselList() {
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.carousels.list.queryOptions(), refetchInterval: (q) => (q.state.data?.some((c) => isGenerating(c.status)) ? 1000 : false) });
  if (list.isLoading) return <p className="text-sm text-slate-500">Loading…</p>;
  const carousels = list.data ?? [];
  if (carousels.length === 0) return <EmptyState title="No carousels yet">Generate one from a topic, a text or a link above, or through the API.</EmptyState>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Carousels">
      {carousels.map((c) => (
        <li key={c.carouselId} className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200" data-testid="carousel-card">
          {c.images[0] ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed storage URLs, not optimizable assets
            <img src={c.images[0].url} alt={`First slide of ${c.title}`} className="aspect-[4/5] w-full bg-slate-100 object-cover" />
          ) : (
            <div className="flex aspect-[4/5] w-full items-center justify-center bg-slate-100 text-sm text-slate-500">
              {c.status === "failed" ? "No slides" : "Generating…"}
            </div>
          )}
          <div className="space-y-1 p-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{c.title || "Untitled"}</span>
              <CarouselStatus status={c.status} />
            </div>
            <p className="text-xs text-slate-500">
              {c.slideCount} slides · {c.aspectRatio} · {formatDateTime(c.createdAt)}
            </p>
            {c.error ? <p className="text-xs text-red-700">{c.error.message}</p> : null}
            {c.warnings.map((warning) => (
              <p key={warning} className="text-xs text-amber-800">
                {warning}
              </p>
            ))}
            {c.status === "completed" ? (
              <Link href={`/carousels/${c.carouselId}/edit`} className="inline-block text-sm font-medium text-brand-700 hover:underline">
                Open editor
              </Link>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
