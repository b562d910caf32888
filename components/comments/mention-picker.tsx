"use client";
// Which members a comment mentions: a list of checkboxes behind a disclosure, so a long member list
// does not crowd a phone screen and each choice is a labelled control for a screen reader. Typing
// "@" in the comment opens it.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc";

type Props = { selected: string[]; onChange: (userIds: string[]) => void; open: boolean; onOpenChange: (open: boolean) => void };

export function MentionPicker({ selected, onChange, open, onOpenChange }: Props) {
  const trpc = useTRPC();
  const members = useQuery(trpc.members.list.queryOptions()).data?.members ?? [];
  if (members.length < 2) return null;
  const names = members.filter((m) => selected.includes(m.userId)).map((m) => m.name || m.email);
  return (
    <details open={open} onToggle={(e) => onOpenChange(e.currentTarget.open)} className="rounded-md ring-1 ring-inset ring-slate-300">
      <summary className="cursor-pointer px-2 py-1 text-slate-700">Mention{names.length ? `: ${names.join(", ")}` : " members (they get an email)"}</summary>
      <fieldset className="max-h-48 space-y-1 overflow-y-auto px-2 pb-2">
        <legend className="sr-only">Members to mention</legend>
        {members.map((m) => (
          <label key={m.userId} className="flex min-w-0 items-center gap-2">
            <input
              type="checkbox"
              checked={selected.includes(m.userId)}
              onChange={(e) => onChange(e.target.checked ? [...selected, m.userId] : selected.filter((id) => id !== m.userId))}
            />
            <span className="truncate">{m.name ? `${m.name} (${m.email})` : m.email}</span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}
