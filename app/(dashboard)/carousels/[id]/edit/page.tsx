import type { Metadata } from "next";
import Link from "next/link";
import { CarouselEditor } from "@/components/carousels/carousel-editor";
import { PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Carousel editor" };

export default async function CarouselEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <PageHeader
        title="Carousel editor"
        description="Edit each slide's text, reorder slides, change the layout, colours and brand, then re-render."
        actions={
          <Link href="/carousels" className="text-sm font-medium text-brand-700 hover:underline">
            All carousels
          </Link>
        }
      />
      <CarouselEditor carouselId={id} />
    </>
  );
}
