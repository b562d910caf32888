// The plan catalogue. SPEC.md: the API (and API keys) need Creator or higher.
import type { Plan } from "../db.ts";
import { AppError } from "../errors.ts";
import { env } from "../env.ts";

const GiB = 1024 ** 3;

export type PlanInfo = {
  name: string;
  apiAccess: boolean;
  mediaQuotaBytes: bigint;
  /** carousel credits granted when the organization moves to this plan */
  includedCarouselCredits: number;
  apiRequestsPerMinute: number;
};

export const plans: Record<Plan, PlanInfo> = {
  FREE: { name: "Free", apiAccess: false, mediaQuotaBytes: BigInt(2 * GiB), includedCarouselCredits: 0, apiRequestsPerMinute: 0 },
  CREATOR: { name: "Creator", apiAccess: true, mediaQuotaBytes: BigInt(50 * GiB), includedCarouselCredits: 50, apiRequestsPerMinute: 300 },
  PRO: { name: "Pro", apiAccess: true, mediaQuotaBytes: BigInt(200 * GiB), includedCarouselCredits: 200, apiRequestsPerMinute: 1200 },
  BUSINESS: { name: "Business", apiAccess: true, mediaQuotaBytes: BigInt(1024 * GiB), includedCarouselCredits: 1000, apiRequestsPerMinute: 6000 },
};

export const planOrder: Plan[] = ["FREE", "CREATOR", "PRO", "BUSINESS"];

export function parsePlan(value: string): Plan {
  const upper = value.toUpperCase();
  if (!(planOrder as string[]).includes(upper)) {
    throw new AppError("VALIDATION_ERROR", `Unknown plan "${value}"; use one of free, creator, pro, business`);
  }
  return upper as Plan;
}

export function assertApiAccess(plan: Plan): void {
  if (!plans[plan].apiAccess) {
    throw new AppError("PLAN_REQUIRED", "The API and API keys need the Creator plan or higher", { requiredPlan: "creator", currentPlan: plan.toLowerCase() });
  }
}

export function apiRequestsPerMinute(plan: Plan): number {
  return env().apiRateLimitPerMinute ?? plans[plan].apiRequestsPerMinute;
}
