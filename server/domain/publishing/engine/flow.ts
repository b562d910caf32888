import type { ProviderName } from "../../accounts/providers.ts";
import type { FlowContext } from "./flow-context.ts";

export type Flow = {
  run(ctx: FlowContext<never>): Promise<void>;
  /**
   * A run that died during submit(): can the platform tell what happened? Answer "resume" (the
   * flow then continues from what it learned, recorded in progress) or "unknown". Without
   * recover(), the job is unknown.
   */
  recover?(ctx: FlowContext<never>): Promise<"resume" | "unknown">;
};

export type FlowRegistry = Partial<Record<ProviderName, Flow>>;
