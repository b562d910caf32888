// SPEC.md's job failure codes, and how a platform failure becomes one.
import { PlatformError, type PlatformErrorKind } from "../../platforms/errors.ts";

export const jobFailureCodes = [
  "ACCOUNT_UNAVAILABLE",
  "MEDIA_UNAVAILABLE",
  "PUBLISH_QUOTA_EXCEEDED",
  "PREPARATION_FAILED",
  "PUBLISH_FAILED",
  "PUBLISH_RESULT_UNKNOWN",
  // issue 49: a recurring post's occurrence that X refuses as identical to a recent post
  "DUPLICATE_CONTENT",
] as const;
export type JobFailureCode = (typeof jobFailureCodes)[number];

const byKind: Record<PlatformErrorKind, JobFailureCode> = {
  auth_expired: "ACCOUNT_UNAVAILABLE",
  permission: "ACCOUNT_UNAVAILABLE",
  // the installation's app needs the platform's approval: the account is fine, the job cannot succeed
  app_setup: "PUBLISH_FAILED",
  rate_limited: "PUBLISH_QUOTA_EXCEEDED",
  quota_exceeded: "PUBLISH_QUOTA_EXCEEDED",
  media_rejected: "PREPARATION_FAILED",
  content_rejected: "PUBLISH_FAILED",
  duplicate_content: "DUPLICATE_CONTENT",
  invalid_request: "PUBLISH_FAILED",
  not_found: "PUBLISH_FAILED",
  unavailable: "PUBLISH_FAILED",
  unknown_outcome: "PUBLISH_RESULT_UNKNOWN",
};

export function codeForPlatformError(err: PlatformError): JobFailureCode {
  return byKind[err.kind];
}

/**
 * A failure a flow decides on (e.g. the platform's processing ended in FAILED). `found` is the
 * post the platform made anyway, if any (SPEC: an id "otherwise available" is shown).
 */
export class JobFailure extends Error {
  constructor(
    readonly code: JobFailureCode,
    message: string,
    readonly found?: { postId: string; permalink: string },
  ) {
    super(message);
    this.name = "JobFailure";
  }
}
