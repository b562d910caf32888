"use client";
import { useMutation } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";
import { keyScopeSchema } from "@/server/domain/api-keys/key-scopes";
import { ScopePicker } from "./scope-picker";

type Created = { key: string; apiKey: { name: string } };

export function CreateKeyForm({ onCreated }: { onCreated: (result: Created) => void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.apiKeys.create.mutationOptions({ onSuccess: onCreated }));
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const expires = String(data.get("expires") ?? "");
        create.mutate({
          name: String(data.get("name")),
          // none checked is sent as none, and the server answers which field needs one
          scopes: data.getAll("scopes").map((s) => keyScopeSchema.parse(s)),
          // the end of the chosen day, in the browser's time zone
          ...(expires ? { expiresAt: new Date(`${expires}T23:59:59`) } : {}),
        });
      }}
    >
      <Field label="Key name" name="name" required maxLength={100} placeholder="Zapier automation" className="min-w-56 flex-1" />
      <Field label="Expires (optional)" name="expires" type="date" min={tomorrow} className="w-48" />
      <ScopePicker />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create key"}
      </Button>
      {create.error ? (
        <div className="w-full">
          <Alert>{errorMessage(create.error)}</Alert>
        </div>
      ) : null}
    </form>
  );
}
