"use client";
// The carousel editor (editorUrl): slides side by side, their copy editable and reorderable;
// layout, colours, font and brand; save, re-render into new JPEGs, or keep as a template.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ReadOnlyNote } from "@/components/access/read-only-note";
import { usePermission } from "@/components/access/use-permission";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc";
import { CarouselStatus } from "./carousel-status";

type Slide = { kind: "hook" | "body" | "cta"; heading: string; body: string; imageUrl: string | null };
type Palette = { background: string; text: string; accent: string };
type Font = "inter" | "playfair" | "space-grotesk";

const postAsClass = "rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-brand-700";

export function CarouselEditor({ carouselId }: { carouselId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const editor = useQuery(trpc.carousels.editor.queryOptions({ carouselId }));
  const brands = useQuery(trpc.brands.list.queryOptions());
  const [slides, setSlides] = useState<Slide[]>([]);
  const [layout, setLayout] = useState("");
  const [palette, setPalette] = useState<Palette>({ background: "#ffffff", text: "#111111", accent: "#2f6bff" });
  const [font, setFont] = useState<Font>("inter");
  const [brandId, setBrandId] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [caption, setCaption] = useState("");
  const [templateName, setTemplateName] = useState("");

  // Local state follows the server after each load, save and re-render.
  useEffect(() => {
    const d = editor.data;
    if (!d) return;
    setSlides(d.slides.map((s, i) => ({ ...s, imageUrl: d.carousel.images[i]?.url ?? null })));
    setLayout(d.design.layout);
    setPalette(d.design.palette);
    setFont(d.design.font);
    setBrandId(d.carousel.brandId);
    setTitle(d.carousel.title);
    setCaption(d.carousel.caption);
  }, [editor.data]);

  const onSaved = (data: NonNullable<typeof editor.data>) => {
    queryClient.setQueryData(trpc.carousels.editor.queryKey({ carouselId }), data);
    void queryClient.invalidateQueries({ queryKey: trpc.carousels.list.queryKey() });
  };
  const save = useMutation(trpc.carousels.save.mutationOptions({ onSuccess: onSaved }));
  const rerender = useMutation(trpc.carousels.rerender.mutationOptions({ onSuccess: onSaved }));
  const asTemplate = useMutation(trpc.carousels.saveAsTemplate.mutationOptions({ onSuccess: () => setTemplateName("") }));
  // editing, re-rendering and templates are content.publish: others see the slides, every control disabled
  const canEdit = usePermission("content.publish") !== false;

  if (editor.isLoading) return <p className="text-sm text-slate-500">Loading…</p>;
  if (editor.error) return <Alert>{editor.error.message}</Alert>;
  const d = editor.data!;
  const edit = () => ({
    carouselId,
    slides: slides.map(({ kind, heading, body }) => ({ kind, heading, body })),
    layout,
    palette,
    font,
    brandId,
    title,
    caption,
  });
  const update = (i: number, patch: Partial<Slide>) => setSlides((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: -1 | 1) =>
    setSlides((all) => {
      const next = [...all];
      const [taken] = next.splice(i, 1);
      next.splice(i + by, 0, taken!);
      return next;
    });
  const busy = save.isPending || rerender.isPending;
  const error = save.error ?? rerender.error ?? asTemplate.error;

  return (
    <fieldset disabled={!canEdit} className="min-w-0 space-y-4">
      <ReadOnlyNote permission="content.publish" />
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <CarouselStatus status={d.carousel.status} />
        <span className="text-slate-500">
          {d.carousel.aspectRatio} · {slides.length} slides
        </span>
        {d.carousel.status === "completed" ? (
          // Compose opens with the rendered slides attached in order (see components/compose/composer.tsx)
          <span className="flex flex-wrap gap-2 sm:ml-auto">
            <Link href={`/compose?carousel=${carouselId}&as=instagram`} className={postAsClass}>
              Post as Instagram carousel
            </Link>
            <Link href={`/compose?carousel=${carouselId}&as=linkedin`} className={postAsClass}>
              Post as LinkedIn document
            </Link>
          </span>
        ) : null}
      </div>
      <section aria-label="Design" className="grid gap-3 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-3 lg:grid-cols-6">
        <label className="block">
          <span className="text-xs font-medium text-slate-700">Layout</span>
          <select
            aria-label="Layout"
            value={layout}
            onChange={(e) => setLayout(e.target.value)}
            className="mt-1 block w-full rounded-md px-2 py-1.5 ring-1 ring-slate-300"
          >
            {d.layouts.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
        {(["background", "text", "accent"] as const).map((k) => (
          <label key={k} className="block">
            <span className="text-xs font-medium capitalize text-slate-700">{k}</span>
            <input
              type="color"
              aria-label={`${k} colour`}
              value={palette[k]}
              onChange={(e) => setPalette((p) => ({ ...p, [k]: e.target.value }))}
              className="mt-1 block h-8 w-full"
            />
          </label>
        ))}
        <label className="block">
          <span className="text-xs font-medium text-slate-700">Font</span>
          <select
            aria-label="Font"
            value={font}
            onChange={(e) => setFont(e.target.value as Font)}
            className="mt-1 block w-full rounded-md px-2 py-1.5 ring-1 ring-slate-300"
          >
            <option value="inter">Inter</option>
            <option value="playfair">Playfair Display</option>
            <option value="space-grotesk">Space Grotesk</option>
          </select>
        </label>
        <label className="block">
          <span className="text-xs font-medium text-slate-700">Brand</span>
          <select
            aria-label="Brand"
            value={brandId ?? ""}
            onChange={(e) => setBrandId(e.target.value || null)}
            className="mt-1 block w-full rounded-md px-2 py-1.5 ring-1 ring-slate-300"
          >
            <option value="">No brand</option>
            {(brands.data ?? []).map((b) => (
              <option key={b.brandId} value={b.brandId}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
      </section>
      <ol className="flex gap-4 overflow-x-auto pb-2" aria-label="Slides" tabIndex={0}>
        {slides.map((s, i) => (
          <li key={i} className="w-64 shrink-0 space-y-2 rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200" data-testid="slide">
            {s.imageUrl ? (
              // eslint-disable-next-line @next/next/no-img-element -- signed storage URL of the rendered JPEG
              <img src={s.imageUrl} alt={`Slide ${i + 1}`} className="w-full rounded bg-slate-100" />
            ) : (
              <div className="flex aspect-[4/5] items-center justify-center rounded bg-slate-100 text-xs text-slate-500">Not rendered yet</div>
            )}
            <div className="flex items-center justify-between text-xs text-slate-500">
              <span>
                {i + 1}. {s.kind}
              </span>
              <span className="flex gap-1">
                <Button
                  variant="ghost"
                  className="px-1.5 py-0.5 text-xs"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`Move slide ${i + 1} left`}
                >
                  ←
                </Button>
                <Button
                  variant="ghost"
                  className="px-1.5 py-0.5 text-xs"
                  disabled={i === slides.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Move slide ${i + 1} right`}
                >
                  →
                </Button>
              </span>
            </div>
            <input
              aria-label={`Slide ${i + 1} heading`}
              value={s.heading}
              onChange={(e) => update(i, { heading: e.target.value })}
              className="block w-full rounded-md px-2 py-1 font-medium ring-1 ring-slate-300"
            />
            <textarea
              aria-label={`Slide ${i + 1} text`}
              value={s.body}
              onChange={(e) => update(i, { body: e.target.value })}
              rows={4}
              className="block w-full rounded-md px-2 py-1 ring-1 ring-slate-300"
            />
          </li>
        ))}
      </ol>
      <section aria-label="Post" className="grid gap-3 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
        <label className="block font-medium text-slate-700">
          Title
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            className="mt-1 block w-full rounded-md px-3 py-2 font-normal ring-1 ring-slate-300"
          />
        </label>
        <label className="block font-medium text-slate-700">
          Caption
          <textarea
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
            rows={2}
            className="mt-1 block w-full rounded-md px-3 py-2 font-normal ring-1 ring-slate-300"
          />
        </label>
      </section>
      {error ? <Alert>{error.message}</Alert> : null}
      {rerender.isSuccess && !rerender.isPending ? (
        <Alert tone="success">Slides re-rendered; the new images replace the old ones in the media library.</Alert>
      ) : null}
      <div className={`flex flex-wrap items-center gap-2 ${canEdit ? "" : "hidden"}`}>
        <Button onClick={() => rerender.mutate(edit())} disabled={busy}>
          {rerender.isPending ? "Rendering…" : "Re-render"}
        </Button>
        <Button variant="secondary" onClick={() => save.mutate(edit())} disabled={busy}>
          {save.isPending ? "Saving…" : "Save"}
        </Button>
        <form
          className="ml-auto flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            asTemplate.mutate({ carouselId, name: templateName });
          }}
        >
          <input
            aria-label="Template name"
            required
            value={templateName}
            onChange={(e) => setTemplateName(e.target.value)}
            placeholder="Template name"
            className="rounded-md px-3 py-2 text-sm ring-1 ring-slate-300"
          />
          <Button type="submit" variant="secondary" disabled={asTemplate.isPending || !templateName.trim()}>
            Save as template
          </Button>
          {asTemplate.isSuccess ? <span className="text-xs text-emerald-700">Saved</span> : null}
        </form>
      </div>
    </fieldset>
  );
}
