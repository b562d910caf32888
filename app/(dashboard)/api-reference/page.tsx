import type { Metadata } from "next";
import { ApiReference } from "@/components/api-reference/api-reference";
import { PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  return (
    <>
      <PageHeader title="API reference" description="Every endpoint of /api/v1 on this installation. Call it with an API key from Settings." />
      <ApiReference />
    </>
  );
}
