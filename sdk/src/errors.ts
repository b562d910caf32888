// Every non-2xx answer of the API is the envelope { error: { code, message, details? } }: the SDK
// throws it as one PosteadyError, so callers branch on `code` (docs/api-guide.md's table).

/** One refused field of a 422 VALIDATION_ERROR (`details.issues`). */
export type Issue = { path: string; message: string; code?: string; location?: string };

export class PosteadyError extends Error {
  override readonly name = "PosteadyError";
  /** The error code, such as VALIDATION_ERROR, NOT_FOUND or RATE_LIMITED. */
  readonly code: string;
  /** The HTTP status of the answer. */
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** The refused fields of a VALIDATION_ERROR (empty for other codes). */
  get issues(): Issue[] {
    return Array.isArray(this.details?.issues) ? (this.details.issues as Issue[]) : [];
  }

  /** The error of an answer that was not 2xx, from its envelope (or its status when it has none). */
  static async fromResponse(response: Response): Promise<PosteadyError> {
    const text = await response.text().catch(() => "");
    let envelope: { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = undefined;
    }
    const error = envelope?.error;
    if (error && typeof error.code === "string") {
      const details = error.details && typeof error.details === "object" ? (error.details as Record<string, unknown>) : undefined;
      return new PosteadyError(response.status, error.code, String(error.message ?? error.code), details);
    }
    return new PosteadyError(response.status, "HTTP_" + response.status, text.slice(0, 200) || response.statusText);
  }
}

/** A waiting helper ran out of time before the resource reached a final status. */
export class PosteadyTimeoutError extends Error {
  override readonly name = "PosteadyTimeoutError";
  /** The last answer seen, so the caller can tell how far it got. */
  readonly last: unknown;

  constructor(message: string, last: unknown) {
    super(message);
    this.last = last;
  }
}
