"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useDropzone, type FileRejection } from "react-dropzone";
import { Alert } from "@/components/ui/alert";
import { ReadOnlyNote } from "@/components/access/read-only-note";
import { usePermission } from "@/components/access/use-permission";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { onTabKeyDown } from "@/components/ui/tab-keys";
import { errorMessage, useTRPC } from "@/components/trpc";
import { toast } from "sonner";
import { convertToJpeg } from "./convert-to-jpeg";
import { ACCEPTED_SUMMARY, checkConverted, checkFile } from "./file-checks";
import { contentTypeOf, formatBytes, formatDuration, mediaTypeOf, putFile } from "./upload-file";
import { UploadQueue, type QueueItem } from "./upload-queue";

const PAGE = 24;
const mediaTypes = ["VIDEO", "IMAGE"] as const;
const countOf = (n: number, noun: string) => `${n.toLocaleString()} ${n === 1 ? noun : `${noun}s`}`;

export function MediaLibrary() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [mediaType, setMediaType] = useState<"VIDEO" | "IMAGE">("VIDEO");
  const [offset, setOffset] = useState(0);
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const media = useQuery(trpc.media.list.queryOptions({ mediaType, limit: PAGE, offset }));
  const usage = useQuery(trpc.media.usage.queryOptions());
  // uploading and deleting are content.draft (contributors and up): a viewer browses the library
  const canChange = usePermission("content.draft");
  const createUpload = useMutation(trpc.media.createUpload.mutationOptions());
  const confirm = useMutation(trpc.media.confirm.mutationOptions());
  const remove = useMutation(
    trpc.media.delete.mutationOptions({
      onSuccess: async (_, { mediaId }) => {
        toast.success(`Deleted ${media.data?.media.find((m) => m.mediaId === mediaId)?.fileName ?? "the file"}`);
        await refresh();
      },
    }),
  );

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.media.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.media.usage.queryKey() });
  }, [queryClient, trpc]);

  const showType = (t: "VIDEO" | "IMAGE") => {
    setMediaType(t);
    setOffset(0);
  };
  const update = (id: string, patch: Partial<QueueItem>) => setQueue((q) => q.map((i) => (i.id === id ? { ...i, ...patch } : i)));

  const uploadOne = useCallback(
    async (dropped: File) => {
      const id = crypto.randomUUID();
      const verdict = checkFile(dropped);
      if (!verdict.ok) {
        setQueue((q) => [{ id, name: dropped.name, size: dropped.size, step: "refused", progress: 0, error: verdict.reason }, ...q]);
        return;
      }
      let file = dropped;
      setQueue((q) => [{ id, name: dropped.name, size: dropped.size, step: verdict.kind === "convert" ? "converting" : "reserving", progress: 0 }, ...q]);
      if (verdict.kind === "convert") {
        try {
          file = await convertToJpeg(dropped, verdict.from);
        } catch (err) {
          return update(id, { step: "refused", error: errorMessage(err) });
        }
        const tooBig = checkConverted(dropped.name, file);
        if (tooBig) return update(id, { step: "refused", error: tooBig });
        update(id, { step: "reserving", name: file.name, size: file.size, convertedFrom: dropped.name });
      }
      try {
        const reservation = await createUpload.mutateAsync({
          fileName: file.name,
          contentType: contentTypeOf(file),
          fileSize: file.size,
          mediaType: mediaTypeOf(file),
        });
        update(id, { step: "uploading" });
        await putFile(reservation, file, (progress) => update(id, { progress }));
        update(id, { step: "confirming", progress: 1 });
        await confirm.mutateAsync({ fileKey: reservation.fileKey });
        update(id, { step: "done" });
      } catch (err) {
        update(id, { step: "error", error: errorMessage(err) });
      } finally {
        await refresh();
      }
    },
    [createUpload, confirm, refresh],
  );

  // Every file goes through checkFile, also those the picker's filter would drop: a refused file
  // gets a row saying why, never silence.
  const onDrop = useCallback(
    (accepted: File[], rejected: FileRejection[]) => void Promise.all([...accepted, ...rejected.map((r) => r.file)].map(uploadOne)),
    [uploadOne],
  );
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop,
    accept: {
      "video/mp4": [".mp4"],
      "video/quicktime": [".mov"],
      "image/jpeg": [".jpg", ".jpeg"],
      "image/png": [".png"],
      "image/webp": [".webp"],
      "image/heic": [".heic", ".heif"],
    },
    multiple: true,
  });

  const used = usage.data ? usage.data.usedBytes / usage.data.quotaBytes : 0;
  return (
    <div className="space-y-6">
      {usage.data ? (
        <section aria-label="Storage" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex justify-between text-sm">
            <span className="font-medium">Storage</span>
            <span className="text-slate-600">
              {formatBytes(usage.data.usedBytes)} of {formatBytes(usage.data.quotaBytes)} used
            </span>
          </div>
          <div
            role="meter"
            aria-label="Storage used"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(used * 100)}
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div className={`h-full rounded-full ${used > 0.9 ? "bg-red-500" : "bg-brand-500"}`} style={{ width: `${Math.min(100, used * 100)}%` }} />
          </div>
        </section>
      ) : null}

      <ReadOnlyNote permission="content.draft" />
      {canChange ? (
        <div
          {...getRootProps()}
          className={`cursor-pointer rounded-lg border-2 border-dashed px-6 py-10 text-center transition ${isDragActive ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-white hover:bg-slate-50"}`}
        >
          <input {...getInputProps()} aria-label="Choose files to upload" data-testid="media-file-input" />
          <p className="text-sm font-medium">{isDragActive ? "Drop to upload" : "Drag videos and images here, or click to choose"}</p>
          <p className="mt-1 text-xs text-slate-500">{ACCEPTED_SUMMARY} · several at once</p>
        </div>
      ) : null}

      <UploadQueue items={queue} />

      <div className="flex items-center justify-between">
        <div role="tablist" aria-label="Media type" className="inline-flex rounded-md bg-slate-100 p-1">
          {mediaTypes.map((t, i) => (
            <button
              key={t}
              role="tab"
              type="button"
              aria-selected={mediaType === t}
              tabIndex={mediaType === t ? 0 : -1}
              onClick={() => showType(t)}
              onKeyDown={(e) => onTabKeyDown(e, i, mediaTypes.length, (to) => showType(mediaTypes[to]!))}
              className={`rounded px-3 py-1.5 text-sm font-medium ${mediaType === t ? "bg-white shadow-sm" : "text-slate-600"}`}
            >
              {t === "VIDEO" ? "Videos" : "Images"}
            </button>
          ))}
        </div>
        {media.data ? <span className="text-sm text-slate-500">{countOf(media.data.total, mediaType === "VIDEO" ? "video" : "image")}</span> : null}
      </div>

      {media.error ? <Alert>{errorMessage(media.error)}</Alert> : null}
      {remove.error ? <Alert>{errorMessage(remove.error)}</Alert> : null}
      {media.data && media.data.media.length === 0 ? (
        <EmptyState title={mediaType === "VIDEO" ? "No videos yet" : "No images yet"}>Uploaded files appear here once they are verified.</EmptyState>
      ) : null}
      {media.data && media.data.media.length > 0 ? (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Media">
          {media.data.media.map((m) => (
            <li key={m.mediaId} className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200" data-testid="media-card">
              <div className="flex aspect-square items-center justify-center bg-black" data-testid="media-thumb">
                {m.mediaType === "IMAGE" ? (
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={m.url} alt={m.fileName} className="h-full w-full object-cover" />
                ) : (
                  <video src={m.url} preload="metadata" muted className="h-full w-full object-contain" aria-label={m.fileName} />
                )}
              </div>
              <div className="space-y-0.5 p-3 text-xs">
                <p className="truncate text-sm font-medium" title={m.fileName}>
                  {m.fileName}
                </p>
                <p className="text-slate-500">
                  {formatBytes(m.fileSize)}
                  {m.width && m.height ? ` · ${m.width}×${m.height}` : ""}
                  {m.durationSeconds !== undefined ? ` · ${formatDuration(m.durationSeconds)}` : ""}
                </p>
                {canChange ? (
                  <Button
                    variant="ghost"
                    className="-ml-2 mt-1 px-2 py-1 text-xs text-red-700"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (window.confirm(`Delete ${m.fileName}? Its storage is released.`)) remove.mutate({ mediaId: m.mediaId });
                    }}
                  >
                    Delete<span className="sr-only"> {m.fileName}</span>
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {media.data && (offset > 0 || media.data.hasMore) ? (
        <nav aria-label="Pages" className="flex items-center justify-center gap-3 text-sm">
          <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset((o) => Math.max(0, o - PAGE))}>
            Previous
          </Button>
          <span className="text-slate-500">
            {offset + 1}–{offset + media.data.media.length} of {media.data.total}
          </span>
          <Button variant="secondary" disabled={!media.data.hasMore} onClick={() => setOffset((o) => o + PAGE)}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
