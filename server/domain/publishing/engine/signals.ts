// How a flow ends a run besides finishing: come back later (polling), or an outcome the
// service cannot establish.
export class Reschedule extends Error {
  constructor(
    readonly delayMs: number,
    readonly reason: string,
  ) {
    super(`reschedule in ${delayMs} ms: ${reason}`);
    this.name = "Reschedule";
  }
}

export class OutcomeUnknown extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutcomeUnknown";
  }
}

/** This run no longer owns the job (its lease lapsed and another run took it over): stop quietly. */
export class LeaseLost extends Error {
  constructor() {
    super("the lease on this job passed to another run");
    this.name = "LeaseLost";
  }
}
