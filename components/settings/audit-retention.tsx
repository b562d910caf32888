"use client";
// How long the audit log keeps its entries (1–3650 days); changed by those with settings.manage.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";

export function AuditRetention({ canManage }: { canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const retention = useQuery(trpc.audit.retention.queryOptions());
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.audit.setRetention.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.audit.retention.queryKey() });
      },
    }),
  );
  const days = retention.data?.auditRetentionDays;
  return (
    <Card>
      <h2 className="text-base font-semibold">Audit log retention</h2>
      <p className="mt-1 text-sm text-slate-600">
        Entries of the audit log older than this are deleted once a day.{days !== undefined ? ` Kept now: ${days} days.` : ""}
      </p>
      {retention.error ? <Alert>{errorMessage(retention.error)}</Alert> : null}
      {canManage && days !== undefined ? (
        <form
          key={days}
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setSaved(false);
            save.mutate({ auditRetentionDays: Number(new FormData(e.currentTarget).get("auditRetentionDays")) });
          }}
        >
          <Field
            label="Keep entries for (days)"
            name="auditRetentionDays"
            type="number"
            min={1}
            max={3650}
            step={1}
            required
            defaultValue={days}
            className="w-56"
          />
          <Button type="submit" disabled={save.isPending}>
            Save retention
          </Button>
        </form>
      ) : null}
      <div className="mt-3">{save.error ? <Alert>{errorMessage(save.error)}</Alert> : saved ? <Alert tone="success">Saved.</Alert> : null}</div>
    </Card>
  );
}
