// The first-run checklist (issue 33 point 8): four steps, each done when the workspace's data says
// so (not when a page was visited), and hidden once all are done or the person dismissed it
// (remembered per workspace and user, on the server, so it stays hidden on every device).
import { db, sql } from "../../db.ts";
import { actorUserId, type Scope } from "../access.ts";

export const ONBOARDING_STEPS = ["connectAccount", "uploadMedia", "publishPost", "apiKeyOrAgent"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export type OnboardingState = {
  steps: { id: OnboardingStep; done: boolean }[];
  allDone: boolean;
  dismissed: boolean;
  /** shown: neither all done nor dismissed */
  visible: boolean;
};

type Row = Record<OnboardingStep, boolean> & { dismissed: boolean };

export async function onboardingState(scope: Scope): Promise<OnboardingState> {
  const [row] = await sql<Row>(
    "onboarding-state",
    `SELECT EXISTS (SELECT FROM "ConnectedAccount" WHERE "workspaceId" = $1) AS "connectAccount",
            EXISTS (SELECT FROM "MediaItem" WHERE "workspaceId" = $1 AND status = 'CONFIRMED') AS "uploadMedia",
            (EXISTS (SELECT FROM "PublishJob" WHERE "workspaceId" = $1 AND status = 'published')
              OR EXISTS (SELECT FROM "SyncedPost" WHERE "workspaceId" = $1)) AS "publishPost",
            EXISTS (SELECT FROM "ApiKey" WHERE "workspaceId" = $1) AS "apiKeyOrAgent",
            EXISTS (SELECT FROM "OnboardingDismissal" WHERE "workspaceId" = $1 AND "userId" = $2::uuid) AS dismissed`,
    [scope.workspaceId, actorUserId(scope) ?? null],
  );
  const steps = ONBOARDING_STEPS.map((id) => ({ id, done: Boolean(row?.[id]) }));
  const allDone = steps.every((s) => s.done);
  const dismissed = Boolean(row?.dismissed);
  return { steps, allDone, dismissed, visible: !allDone && !dismissed };
}

/** Hides the checklist for this person in this workspace; again is a no-op. */
export async function dismissOnboarding(scope: Scope): Promise<{ dismissed: true }> {
  const userId = actorUserId(scope);
  if (userId) {
    await db.onboardingDismissal.upsert({
      where: { workspaceId_userId: { workspaceId: scope.workspaceId, userId } },
      create: { workspaceId: scope.workspaceId, userId },
      update: {},
    });
  }
  return { dismissed: true };
}
