"use client";
// "Share for client review": makes a review link for one post group or several (a week's plan)
// and shows it once to copy. Offered to those who may approve (content.approve).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usePermission } from "@/components/access/use-permission";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ShownOnce } from "@/components/ui/shown-once";
import { errorMessage, useTRPC } from "@/components/trpc";

export function ShareForReview({ postGroupIds, label = "Share for client review" }: { postGroupIds: string[]; label?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState<string | null>(null);
  const allowed = usePermission("content.approve") ?? false;
  const create = useMutation(
    trpc.reviewLinks.create.mutationOptions({
      onSuccess: async (link) => {
        setUrl(link.url);
        await queryClient.invalidateQueries({ queryKey: trpc.reviewLinks.list.queryKey() });
      },
    }),
  );
  if (!allowed) return null;
  if (url) {
    return (
      <ShownOnce
        message="Copy the link and send it to your client: they see the previews and approve or ask for changes, without an account. It will not be shown again."
        label="Review link"
        value={url}
        testId="new-review-link"
        onDone={() => setUrl(null)}
      />
    );
  }
  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={() => create.mutate({ postGroupIds })} disabled={create.isPending || postGroupIds.length === 0}>
        {label}
      </Button>
      {create.error ? <Alert>{errorMessage(create.error)}</Alert> : null}
    </div>
  );
}
