"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { errorMessage, useTRPC } from "@/components/trpc";

/** "Every post needs approval" and "a client's approval counts": shown to all, changed by owners and admins. */
export function ApprovalSettings({ canManage }: { canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.approvals.settings.queryOptions());
  const update = useMutation(
    trpc.approvals.updateSettings.mutationOptions({
      onSuccess: async () => {
        toast.success("Approval settings saved");
        await queryClient.invalidateQueries({ queryKey: trpc.approvals.settings.queryKey() });
      },
    }),
  );
  if (!settings.data) return null;
  const box = (name: "approvalRequired" | "clientApprovalAllowed", label: string, hint: string) => (
    <div className="flex gap-3">
      <input
        id={`setting-${name}`}
        type="checkbox"
        className="mt-1 h-4 w-4 rounded border-slate-300"
        checked={settings.data[name]}
        disabled={!canManage || update.isPending}
        onChange={(e) => update.mutate({ [name]: e.target.checked })}
        aria-describedby={`setting-${name}-hint`}
      />
      <div>
        <label htmlFor={`setting-${name}`} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`setting-${name}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
  return (
    <Card>
      <h2 className="text-base font-semibold">Approvals</h2>
      <div className="mt-3 space-y-3">
        {box(
          "approvalRequired",
          "Every post needs approval",
          "Posts from everyone wait in Approvals until an editor, admin or owner approves them. Contributors' posts always wait.",
        )}
        {box(
          "clientApprovalAllowed",
          "A client's approval counts",
          "A client approving on a review link approves the post; otherwise their decision is a comment.",
        )}
      </div>
      {!canManage ? <p className="mt-3 text-sm text-slate-600">Only owners and admins change these.</p> : null}
      {update.error ? <Alert>{errorMessage(update.error)}</Alert> : null}
    </Card>
  );
}
