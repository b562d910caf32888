"use client";
// The first-run checklist on the landing page (Compose): each step ticks itself from the
// workspace's data and links to the page that does it; the list goes away when every step is done
// or when dismissed (remembered on the server for this person and workspace).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { toast } from "sonner";
import { listWords } from "@/components/labels/provider-words";
import { Alert } from "@/components/ui/alert";
import { errorMessage, useTRPC } from "@/components/trpc";
import { providerLabels, providers } from "@/server/domain/accounts/providers";
import type { OnboardingStep } from "@/server/domain/workspaces/onboarding";

/** Where the checklist shows: the page people land on after signing in. */
export const LANDING_PATH = "/compose";

const stepText: Record<OnboardingStep, { label: string; href: string; hint: string }> = {
  connectAccount: {
    label: "Connect an account",
    href: "/accounts",
    hint: listWords(
      providers.map((p) => providerLabels[p]),
      "or",
    ),
  },
  uploadMedia: { label: "Upload media", href: "/media", hint: "images and videos for your posts" },
  publishPost: { label: "Publish your first post", href: "/compose", hint: "now or at a time you choose" },
  apiKeyOrAgent: { label: "Create an API key or connect an agent", href: "/connect-agent", hint: "for automations and AI assistants" },
};

export function OnboardingChecklist() {
  const pathname = usePathname();
  if (pathname !== LANDING_PATH) return null;
  return <Checklist />;
}

function Checklist() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.workspaces.onboarding.queryOptions());
  const dismiss = useMutation(
    trpc.workspaces.dismissOnboarding.mutationOptions({
      onSuccess: async () => {
        toast.success("Checklist hidden");
        await queryClient.invalidateQueries({ queryKey: trpc.workspaces.onboarding.queryKey() });
      },
    }),
  );
  if (!state.data?.visible) return null;
  const done = state.data.steps.filter((s) => s.done).length;
  return (
    <section aria-labelledby="onboarding-title" data-testid="onboarding" className="mb-6 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p id="onboarding-title" className="text-base font-semibold text-slate-900">
            Get started with Posteady
          </p>
          <p className="text-slate-600">
            {done} of {state.data.steps.length} done
          </p>
        </div>
        <button
          type="button"
          onClick={() => dismiss.mutate()}
          disabled={dismiss.isPending}
          className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          Hide checklist
        </button>
      </div>
      {dismiss.error ? <Alert>{errorMessage(dismiss.error)}</Alert> : null}
      <ol className="mt-3 grid gap-2 sm:grid-cols-2">
        {state.data.steps.map((step) => {
          const text = stepText[step.id];
          return (
            <li key={step.id} data-testid="onboarding-step" data-step={step.id} data-done={step.done}>
              <Link
                href={text.href}
                className={`flex items-start gap-2 rounded-md px-3 py-2 ring-1 ${step.done ? "bg-emerald-50 ring-emerald-200" : "ring-slate-200 hover:bg-slate-50"}`}
              >
                <span
                  aria-hidden
                  className={`mt-0.5 inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-full text-[0.65rem] ${step.done ? "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200" : "ring-1 ring-slate-400"}`}
                >
                  {step.done ? "✓" : ""}
                </span>
                <span className="min-w-0">
                  <span className={`block font-medium ${step.done ? "text-emerald-800 line-through decoration-1" : "text-slate-900"}`}>{text.label}</span>
                  <span className="block text-xs text-slate-600">{step.done ? "Done" : text.hint}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
