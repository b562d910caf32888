"use client";
// Generating a carousel from the dashboard: the same request as POST /api/v1/carousels.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc";

type Source = "topic" | "text" | "url";
const sourceLabels: Record<Source, string> = { topic: "Topic", text: "Text", url: "Link" };

export function NewCarouselForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = useQuery(trpc.carousels.options.queryOptions({ templateSource: "posteady", limit: 50 }));
  const own = useQuery(trpc.carousels.options.queryOptions({ templateSource: "workspace", limit: 50 }));
  const create = useMutation(
    trpc.carousels.create.mutationOptions({
      onSuccess: () => {
        setContent("");
        void queryClient.invalidateQueries({ queryKey: trpc.carousels.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.carousels.options.pathKey() });
      },
    }),
  );
  const [source, setSource] = useState<Source>("text");
  const [content, setContent] = useState("");
  // empty: the service decides (the number a topic asks for, else the template's, else 7)
  const [slideCount, setSlideCount] = useState("");
  const [templateId, setTemplateId] = useState("");
  const [brandId, setBrandId] = useState("");
  const templates = [...(own.data?.templates ?? []).map((t) => ({ ...t, name: `${t.name} (workspace)` })), ...(options.data?.templates ?? [])];

  return (
    <form
      className="space-y-3 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200"
      aria-label="New carousel"
      onSubmit={(e) => {
        e.preventDefault();
        const sourceField = source === "topic" ? { topic: content } : source === "url" ? { url: content } : { text: content };
        create.mutate({
          requestId: crypto.randomUUID(),
          ...sourceField,
          ...(slideCount ? { slideCount: Number(slideCount) } : {}),
          imageMode: "none",
          ...(templateId ? { templateId } : {}),
          ...(brandId ? { brandId } : {}),
        });
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">New carousel</h2>
        {options.data ? (
          <span className="text-xs text-slate-500">
            Costs {options.data.generationCredits} credit{options.data.generationCredits === 1 ? "" : "s"} · {options.data.creditBalance} left
          </span>
        ) : null}
      </div>
      {options.data ? <CopyWriterNote writer={options.data.copyWriter} /> : null}
      <div role="radiogroup" aria-label="Source" className="flex gap-2">
        {(Object.keys(sourceLabels) as Source[]).map((s) => (
          <label key={s} className={`cursor-pointer rounded-md px-3 py-1 ring-1 ${source === s ? "bg-brand-50 ring-brand-500" : "ring-slate-300"}`}>
            <input type="radio" name="source" value={s} checked={source === s} onChange={() => setSource(s)} className="sr-only" />
            {sourceLabels[s]}
          </label>
        ))}
      </div>
      {source === "text" ? (
        <textarea
          aria-label="Source text"
          required
          value={content}
          onChange={(e) => setContent(e.target.value)}
          rows={5}
          className="block w-full rounded-md px-3 py-2 ring-1 ring-slate-300"
          placeholder="Paste a paragraph or an article…"
        />
      ) : (
        <input
          aria-label={source === "url" ? "Source link" : "Source topic"}
          required
          type={source === "url" ? "url" : "text"}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          className="block w-full rounded-md px-3 py-2 ring-1 ring-slate-300"
          placeholder={source === "url" ? "https://…" : "e.g. cold email outreach"}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block">
          <span className="text-xs font-medium text-slate-700">Slides</span>
          <input
            type="number"
            min={2}
            max={10}
            placeholder="Auto"
            value={slideCount}
            onChange={(e) => setSlideCount(e.target.value)}
            className="mt-1 block w-full rounded-md px-3 py-2 ring-1 ring-slate-300"
          />
        </label>
        <label className="block">
          <span className="text-xs font-medium text-slate-700">Template</span>
          <select value={templateId} onChange={(e) => setTemplateId(e.target.value)} className="mt-1 block w-full rounded-md px-3 py-2 ring-1 ring-slate-300">
            <option value="">Designed for me (4:5)</option>
            {templates.map((t) => (
              <option key={t.templateId} value={t.templateId}>
                {t.name} · {t.aspectRatio}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="text-xs font-medium text-slate-700">Brand</span>
          <select value={brandId} onChange={(e) => setBrandId(e.target.value)} className="mt-1 block w-full rounded-md px-3 py-2 ring-1 ring-slate-300">
            <option value="">No brand</option>
            {(options.data?.brands ?? []).map((b) => (
              <option key={b.brandId} value={b.brandId}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {create.error ? <Alert>{create.error.message}</Alert> : null}
      <Button type="submit" disabled={create.isPending || !content.trim()}>
        {create.isPending ? "Starting…" : "Generate"}
      </Button>
    </form>
  );
}

/** Who writes the copy, and how to get a language model to write it (docs/configuration.md). */
function CopyWriterNote({ writer }: { writer: { kind: "builtin" | "openai-compatible"; model: string | null } }) {
  if (writer.kind === "openai-compatible") {
    return <p className="text-xs text-slate-600">Copy is written by {writer.model}, through the OpenAI-compatible API set in LLM_BASE_URL.</p>;
  }
  return (
    <p className="text-xs text-slate-600">
      Copy is written by the built-in writer, offline: from a text or a link it keeps their best sentences; from a topic it writes specific points only for the
      subjects it knows (photography, productivity, LinkedIn, newsletters, public speaking, sleep, money, cold email) and general advice otherwise, and says so.
      For copy on any subject, configure an OpenAI-compatible writer: set <code>LLM_BASE_URL</code>, <code>LLM_API_KEY</code> and <code>LLM_MODEL</code> (see{" "}
      <code>docs/configuration.md</code>) and restart.
    </p>
  );
}
