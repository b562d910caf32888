"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { useTRPC } from "@/components/trpc";

export function WorkspaceSwitcher() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const id = useId();
  const workspaces = useQuery(trpc.workspaces.list.queryOptions());
  const switchTo = useMutation(
    trpc.workspaces.switch.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries();
        router.refresh();
      },
    }),
  );

  if (!workspaces.data) return <div className="h-9 animate-pulse rounded-md bg-slate-100" aria-hidden />;
  const current = workspaces.data.workspaces.find((w) => w.workspaceId === workspaces.data.currentWorkspaceId);
  return (
    <div>
      <label htmlFor={id} className="px-1 text-xs font-medium uppercase tracking-wide text-slate-500">
        Workspace
      </label>
      <select
        id={id}
        value={workspaces.data.currentWorkspaceId}
        disabled={switchTo.isPending}
        onChange={(e) => switchTo.mutate({ workspaceId: e.target.value })}
        className="mt-1 block w-full rounded-md border-0 py-2 pl-3 pr-8 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-500"
      >
        {workspaces.data.workspaces.map((w) => (
          <option key={w.workspaceId} value={w.workspaceId}>
            {w.name}
          </option>
        ))}
      </select>
      {current ? <p className="mt-1 px-1 text-xs text-slate-500">Plan: {current.plan[0]!.toUpperCase() + current.plan.slice(1)}</p> : null}
    </div>
  );
}
