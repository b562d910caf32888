// What a copy writer is given and what it answers: one hook slide, body slides with one idea
// each, one closing call to action; a title and a caption for the post.
import { z } from "zod";

export type SourceKind = "topic" | "text" | "url";
export type CopySource = { kind: SourceKind; content: string; title?: string };
export type CopyRequest = { source: CopySource; slideCount: number; language: string };

export const slideCopySchema = z.object({
  kind: z.enum(["hook", "body", "cta"]),
  heading: z.string().min(1).max(300),
  body: z.string().max(1200),
});

export const carouselCopySchema = z.object({
  title: z.string().min(1).max(200),
  caption: z.string().max(2200),
  slides: z.array(slideCopySchema).min(1).max(20),
});
export type CarouselCopy = z.infer<typeof carouselCopySchema>;

/** The copy's shape must match the request: exactly `slideCount` slides, hook first, cta last. */
export function checkCopyShape(copy: CarouselCopy, slideCount: number): CarouselCopy {
  if (copy.slides.length !== slideCount) throw new Error(`the writer produced ${copy.slides.length} slides, ${slideCount} were asked for`);
  return {
    ...copy,
    slides: copy.slides.map((s, i) => ({ ...s, kind: i === 0 ? "hook" : i === slideCount - 1 && slideCount > 1 ? "cta" : "body" })),
  };
}
