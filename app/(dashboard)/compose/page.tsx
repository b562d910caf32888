import type { Metadata } from "next";
import { ComposeGate } from "@/components/compose/compose-gate";
import { Composer, type ComposeParams } from "@/components/compose/composer";
import { PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Compose" };

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" && v ? v : undefined);

/** ?at=<ISO> (from the calendar), ?carousel=<id>&as=instagram|linkedin (from the carousel editor), ?draft=<id> */
export default async function ComposePage({ searchParams }: { searchParams: Promise<Search> }) {
  const q = await searchParams;
  const params: ComposeParams = { at: one(q.at), carousel: one(q.carousel), as: one(q.as), draft: one(q.draft) };
  return (
    <>
      <PageHeader title="Compose" description="Write once and publish to any mix of your connected accounts." />
      <ComposeGate>
        <Composer key={JSON.stringify(params)} params={params} />
      </ComposeGate>
    </>
  );
}
