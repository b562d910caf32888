"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { ApprovalSettings } from "./approval-settings";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";

export function WorkspaceSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const workspaces = useQuery(trpc.workspaces.list.queryOptions());
  const [saved, setSaved] = useState(false);
  const refresh = async () => {
    await queryClient.invalidateQueries();
    router.refresh();
  };
  const rename = useMutation(
    trpc.workspaces.rename.mutationOptions({
      onSuccess: async (_, { name }) => {
        setSaved(true);
        toast.success(`Workspace renamed to “${name}”`);
        await refresh();
      },
    }),
  );
  const create = useMutation(trpc.workspaces.create.mutationOptions({ onSuccess: refresh }));

  if (workspaces.error) return <Alert>{errorMessage(workspaces.error)}</Alert>;
  if (!workspaces.data) return <p className="text-sm text-slate-500">Loading…</p>;
  const current = workspaces.data.workspaces.find((w) => w.workspaceId === workspaces.data.currentWorkspaceId)!;
  const canManage = workspaces.data.permissions.includes("settings.manage");
  const canOwn = workspaces.data.permissions.includes("workspace.own");

  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-base font-semibold">Workspace</h2>
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-slate-500">Workspace ID</dt>
          <dd className="font-mono text-xs">{current.workspaceId}</dd>
          <dt className="text-slate-500">Organization</dt>
          <dd>{current.organizationName}</dd>
          <dt className="text-slate-500">Plan</dt>
          <dd className="capitalize">{current.plan}</dd>
          <dt className="text-slate-500">Your role</dt>
          <dd className="capitalize">{current.role.toLowerCase()}</dd>
        </dl>
        {current.plan === "free" ? (
          <p className="mt-3 text-sm text-slate-600">
            The API and API keys need the Creator plan or higher. On a self-hosted installation an administrator changes the plan with{" "}
            <code className="rounded bg-slate-100 px-1">npm run cli -- plan set</code>.
          </p>
        ) : null}
        {canManage ? (
          <form
            key={current.workspaceId}
            className="mt-5 flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              setSaved(false);
              rename.mutate({ name: String(new FormData(e.currentTarget).get("name")) });
            }}
          >
            <Field label="Name" name="name" defaultValue={current.name} required maxLength={100} className="min-w-64 flex-1" />
            <Button type="submit" disabled={rename.isPending}>
              Save
            </Button>
          </form>
        ) : null}
        <div className="mt-3">{rename.error ? <Alert>{errorMessage(rename.error)}</Alert> : saved ? <Alert tone="success">Saved.</Alert> : null}</div>
      </Card>
      <ApprovalSettings canManage={canManage} />
      {canOwn ? (
        <Card>
          <h2 className="text-base font-semibold">New workspace</h2>
          <p className="mt-1 text-sm text-slate-600">Workspaces of an organization share its plan and storage; each has its own accounts, media and keys.</p>
          <form
            className="mt-4 flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              const form = e.currentTarget;
              create.mutate({ name: String(new FormData(form).get("name")) }, { onSuccess: () => form.reset() });
            }}
          >
            <Field label="Name" name="name" required maxLength={100} className="min-w-64 flex-1" />
            <Button type="submit" variant="secondary" disabled={create.isPending}>
              Create and switch
            </Button>
          </form>
          {create.error ? (
            <div className="mt-3">
              <Alert>{errorMessage(create.error)}</Alert>
            </div>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}
