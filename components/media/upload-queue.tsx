"use client";
import { formatBytes, type UploadStep } from "./upload-file";

export type QueueItem = { id: string; name: string; size: number; step: UploadStep; progress: number; error?: string; convertedFrom?: string };

const labels: Record<UploadStep, string> = {
  converting: "Converting to JPEG…",
  reserving: "Reserving…",
  uploading: "Uploading",
  confirming: "Verifying…",
  done: "Added to the library",
  error: "Failed",
  refused: "Not uploaded",
};

export function UploadQueue({ items }: { items: QueueItem[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200" aria-label="Uploads">
      {items.map((item) => {
        const percent = Math.round(item.progress * 100);
        return (
          <li key={item.id} className="px-4 py-3" data-testid="upload-row">
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="min-w-0 truncate font-medium">
                {item.name}
                {item.convertedFrom ? <span className="font-normal text-slate-500"> (converted from {item.convertedFrom})</span> : null}
              </span>
              <span
                className={`shrink-0 text-xs ${item.step === "error" || item.step === "refused" ? "text-red-700" : item.step === "done" ? "text-emerald-700" : "text-slate-500"}`}
              >
                {labels[item.step]}
                {item.step === "uploading" ? ` ${percent}%` : ""} · {formatBytes(item.size)}
              </span>
            </div>
            {item.step === "refused" ? null : (
              <div
                role="progressbar"
                aria-label={`Upload of ${item.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={item.step === "done" ? 100 : percent}
                className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100"
              >
                <div
                  className={`h-full rounded-full transition-[width] ${item.step === "error" ? "bg-red-500" : item.step === "done" ? "bg-emerald-500" : "bg-brand-500"}`}
                  style={{ width: `${item.step === "done" || item.step === "confirming" ? 100 : percent}%` }}
                />
              </div>
            )}
            {item.error ? (
              <p role="alert" className="mt-1 text-xs text-red-700">
                {item.error}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
