import type { Metadata } from "next";
import { Allowed } from "@/components/access/allowed";
import { ReadOnlyNote } from "@/components/access/read-only-note";
import { BrandsPanel } from "@/components/carousels/brands-panel";
import { CarouselList } from "@/components/carousels/carousel-list";
import { NewCarouselForm } from "@/components/carousels/new-carousel-form";
import { PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Carousels" };

export default function CarouselsPage() {
  return (
    <>
      <PageHeader
        title="Carousels"
        description="Image carousels generated from a topic, a text or a link. Every slide lands in the media library, ready for an Instagram carousel."
      />
      <div className="mb-6 grid gap-4 lg:grid-cols-[2fr_1fr]">
        <ReadOnlyNote permission="content.publish" />
        <Allowed permission="content.publish">
          <NewCarouselForm />
        </Allowed>
        <BrandsPanel />
      </div>
      <CarouselList />
    </>
  );
}
