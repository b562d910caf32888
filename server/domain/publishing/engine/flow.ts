import { z } from "zod";
import type { ProviderName } from "../../accounts/providers.ts";
import type { FlowContext } from "./flow-context.ts";

/** A provider's publishing steps for a job whose payload is a `P`. */
export type Flow<P> = {
  run(ctx: FlowContext<P>): Promise<void>;
  /**
   * A run that died during submit(): can the platform tell what happened? Answer "resume" (the
   * flow then continues from what it learned, recorded in progress) or "unknown". Without
   * recover(), the job is unknown.
   */
  recover?(ctx: FlowContext<P>): Promise<"resume" | "unknown">;
};

/** A claimed job's flow, bound to its parsed payload. */
export type FlowRun = {
  ctx: FlowContext<unknown>;
  run(): Promise<void>;
  recover?(): Promise<"resume" | "unknown">;
};

/**
 * A flow with the schema of its payload: the engine hands it the stored payload (JSON, typed
 * nowhere) and gets a run whose context holds the parsed payload, or why the payload is unusable.
 */
export type JobFlow = {
  start(payload: unknown, context: <P>(payload: P) => FlowContext<P>): FlowRun | { invalid: string };
};

export function jobFlow<P>(payloadSchema: z.ZodType<P>, flow: Flow<P>): JobFlow {
  return {
    start(payload, context) {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) return { invalid: z.prettifyError(parsed.error) };
      const ctx = context(parsed.data);
      const { recover } = flow;
      return { ctx, run: () => flow.run(ctx), ...(recover ? { recover: () => recover(ctx) } : {}) };
    },
  };
}

export type FlowRegistry = Partial<Record<ProviderName, JobFlow>>;
