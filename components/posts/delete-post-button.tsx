"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage, useTRPC } from "@/components/trpc";

/** Deletes a published post on its platform, after a second click confirms it. */
export function DeletePostButton({ accountId, postId, onDeleted }: { accountId: string; postId: string; onDeleted: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.analytics.deletePost.mutationOptions({
      onSuccess: async () => {
        onDeleted();
        await queryClient.invalidateQueries({ queryKey: trpc.analytics.list.queryKey() });
      },
    }),
  );
  return (
    <div className="space-y-2">
      {confirming ? (
        <div className="flex gap-2">
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate({ accountId, postId })}>
            Delete on the platform
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete post
        </Button>
      )}
      {remove.error ? <Alert>{errorMessage(remove.error)}</Alert> : null}
    </div>
  );
}
