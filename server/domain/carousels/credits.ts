// The credit ledger: every balance change of an organization is one ledger row. A carousel is
// debited once at acceptance (in the transaction that creates it) and refunded at most once,
// by the transition to `failed` (guarded by the carousel's state and a unique ledger key).
import type { Tx } from "../../db.ts";
import { AppError } from "../../errors.ts";

export async function debitForCarousel(tx: Tx, organizationId: string, carouselId: string, cost: number): Promise<void> {
  const rows = await tx.$queryRaw<{ carouselCredits: number }[]>`
    UPDATE "Organization" SET "carouselCredits" = "carouselCredits" - ${cost}, "updatedAt" = now()
     WHERE id = ${organizationId}::uuid AND "carouselCredits" >= ${cost}
     RETURNING "carouselCredits"`;
  if (!rows[0]) {
    const [org] = await tx.$queryRaw<{ carouselCredits: number }[]>`SELECT "carouselCredits" FROM "Organization" WHERE id = ${organizationId}::uuid`;
    throw new AppError("INSUFFICIENT_CREDITS", `This carousel costs ${cost} credits and ${org?.carouselCredits ?? 0} are left`, {
      required: cost,
      available: org?.carouselCredits ?? 0,
    });
  }
  await tx.$executeRaw`
    INSERT INTO "CreditLedgerEntry" (id, "organizationId", delta, "balanceAfter", reason, "carouselId")
    VALUES (gen_random_uuid(), ${organizationId}::uuid, ${-cost}, ${rows[0].carouselCredits}, 'CAROUSEL_DEBIT', ${carouselId}::uuid)`;
}

/** Inside the transaction that marks the carousel failed (exactly once): gives its credits back. */
export async function refundCarousel(tx: Tx, organizationId: string, carouselId: string, credits: number): Promise<void> {
  if (credits === 0) return;
  const [org] = await tx.$queryRaw<{ carouselCredits: number }[]>`
    UPDATE "Organization" SET "carouselCredits" = "carouselCredits" + ${credits}, "updatedAt" = now()
     WHERE id = ${organizationId}::uuid RETURNING "carouselCredits"`;
  await tx.$executeRaw`
    INSERT INTO "CreditLedgerEntry" (id, "organizationId", delta, "balanceAfter", reason, "carouselId")
    VALUES (gen_random_uuid(), ${organizationId}::uuid, ${credits}, ${org!.carouselCredits}, 'CAROUSEL_REFUND', ${carouselId}::uuid)`;
}
