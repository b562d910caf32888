"use client";
// Brands of the workspace: a name, a logo and colours placed on every slide of a carousel.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useDropzone } from "react-dropzone";
import { Alert } from "@/components/ui/alert";
import { usePermission } from "@/components/access/use-permission";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/components/trpc";

const toBase64 = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

export function BrandsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const brands = useQuery(trpc.brands.list.queryOptions());
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.brands.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.carousels.options.pathKey() });
  };
  const create = useMutation(trpc.brands.create.mutationOptions({ onSuccess: () => (setName(""), setLogo(null), refresh()) }));
  const remove = useMutation(trpc.brands.remove.mutationOptions({ onSuccess: refresh }));
  const [name, setName] = useState("");
  const [accent, setAccent] = useState("#2f6bff");
  const [logo, setLogo] = useState<File | null>(null);
  // brands are content.publish: others see the list only
  const canEdit = usePermission("content.publish") === true;
  const dropzone = useDropzone({
    accept: { "image/png": [".png"], "image/jpeg": [".jpg", ".jpeg"] },
    maxFiles: 1,
    maxSize: 1024 * 1024,
    onDrop: (files) => setLogo(files[0] ?? null),
  });

  return (
    <section aria-label="Brands" className="space-y-3 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
      <h2 className="font-semibold">Brands</h2>
      <ul className="space-y-2">
        {(brands.data ?? []).map((b) => (
          <li key={b.brandId} className="flex items-center justify-between gap-2" data-testid="brand-row">
            <span className="flex items-center gap-2">
              {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URL */}
              {b.logoUrl ? <img src={b.logoUrl} alt="" className="h-6 w-6 rounded object-contain" /> : null}
              {b.name}
              {b.colors.accent ? (
                <span className="h-3 w-3 rounded-full" style={{ background: b.colors.accent }} aria-label={`accent ${b.colors.accent}`} />
              ) : null}
            </span>
            {canEdit ? (
              <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => remove.mutate({ brandId: b.brandId })} aria-label={`Delete brand ${b.name}`}>
                Delete
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <form
          className="space-y-2 border-t border-slate-100 pt-3"
          onSubmit={async (e) => {
            e.preventDefault();
            create.mutate({ name, colors: { accent }, logoBase64: logo ? await toBase64(logo) : undefined });
          }}
        >
          <input
            aria-label="Brand name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Brand name"
            className="block w-full rounded-md px-3 py-2 ring-1 ring-slate-300"
          />
          <label className="flex items-center gap-2 text-xs text-slate-700">
            Accent colour <input type="color" value={accent} onChange={(e) => setAccent(e.target.value)} aria-label="Brand accent colour" />
          </label>
          <div {...dropzone.getRootProps()} className="cursor-pointer rounded-md border border-dashed border-slate-300 px-3 py-2 text-xs text-slate-600">
            <input {...dropzone.getInputProps()} aria-label="Brand logo" />
            {logo ? `Logo: ${logo.name}` : "Drop a PNG or JPEG logo (≤ 1 MiB), or click to choose"}
          </div>
          {create.error ? <Alert>{create.error.message}</Alert> : null}
          <Button type="submit" variant="secondary" disabled={create.isPending || !name.trim()}>
            Add brand
          </Button>
        </form>
      ) : null}
    </section>
  );
}
