"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { errorMessage, useTRPC } from "@/components/trpc";
import { WEBHOOK_EVENT_TYPES } from "@/server/domain/webhooks/webhook-event-types";

type Created = { url: string; secret: string };

export function CreateWebhookForm({ onCreated }: { onCreated: (result: Created) => void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.webhooks.create.mutationOptions({ onSuccess: onCreated }));
  const [all, setAll] = useState(true);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const events = all ? ["*"] : data.getAll("event").map(String);
        create.mutate({
          url: String(data.get("url")),
          description: String(data.get("description") ?? ""),
          events: events as (typeof WEBHOOK_EVENT_TYPES)[number][],
        });
      }}
    >
      <div className="flex flex-wrap gap-3">
        <Field
          label="Endpoint URL"
          name="url"
          type="url"
          required
          maxLength={2048}
          placeholder="https://hooks.example.com/posteady"
          className="min-w-72 flex-1"
        />
        <Field label="Description (optional)" name="description" maxLength={500} className="min-w-56 flex-1" />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Events</legend>
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} />
          All events, including ones added later
        </label>
        {all ? null : (
          <div className="mt-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 font-mono text-xs">
                <input type="checkbox" name="event" value={type} />
                {type}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Adding…" : "Add webhook"}
      </Button>
      {create.error ? <Alert>{errorMessage(create.error)}</Alert> : null}
    </form>
  );
}
