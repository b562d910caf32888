import type { Metadata } from "next";
import { AuditLogView } from "@/components/audit/audit-log-view";
import { PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Audit log" };

export default function AuditPage() {
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change to this workspace: who made it, through which door (dashboard, API, agent, CLI, client link), from which address, and when. Reads are not recorded."
      />
      <AuditLogView />
    </>
  );
}
