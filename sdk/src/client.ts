// The Posteady client: openapi-fetch over the generated paths, with the SDK's rules added as
// middleware (a requestId per write, errors thrown) and a retrying fetch underneath.
import createFetchClient, { type Client, type Middleware } from "openapi-fetch";
import { PosteadyError, PosteadyTimeoutError } from "./errors.js";
import { requestIdOperations } from "./generated/request-id-operations.js";
import { replayable, retryingFetch, sleep, type RetryOptions } from "./retry.js";
import type { Data, DataMethod, SdkPaths } from "./types.js";
import { uploadMedia, type UploadOptions, type UploadSource } from "./upload.js";

export type PosteadyOptions = RetryOptions & {
  /** Where the service is, such as https://posteady.example.com (no /api/v1). */
  baseUrl: string;
  /** A workspace API key (pst_…). */
  apiKey: string;
  /** The fetch to send requests with (default: the global fetch). */
  fetch?: typeof fetch;
};

export type WaitOptions = {
  /** Give up after this long (default 120 s): PosteadyTimeoutError. */
  timeoutMs?: number;
  /** Time between polls (default 1 s). */
  intervalMs?: number;
  signal?: AbortSignal;
};

type Query<P extends keyof SdkPaths> = SdkPaths[P] extends { get: { parameters: { query?: infer Q } } } ? Omit<NonNullable<Q>, "offset" | "cursor"> : never;

const finalJob = new Set(["published", "failed", "canceled", "unknown"]);
const finalGroup = new Set(["published", "partial", "failed", "canceled", "rejected"]);
const finalCarousel = new Set(["completed", "failed"]);

/** Fills in the missing requestIds of a write that takes them, and marks it safe to repeat. */
const requestIds: Middleware = {
  async onRequest({ request, schemaPath }) {
    const places = requestIdOperations[`${request.method} ${schemaPath}`];
    if (!places) return undefined;
    const body = (await request.clone().json()) as Record<string, unknown>;
    for (const place of places) {
      const target = place === "" ? body : body[place];
      if (target && typeof target === "object" && !("requestId" in target)) (target as Record<string, unknown>).requestId = crypto.randomUUID();
    }
    const next = new Request(request, { body: JSON.stringify(body) });
    replayable.add(next);
    return next;
  },
};

const throwErrors: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await PosteadyError.fromResponse(response);
    return undefined;
  },
};

export class Posteady {
  /** The openapi-fetch client ({ data, response } answers); errors are thrown here too. */
  readonly raw: Client<SdkPaths>;
  readonly baseUrl: string;
  readonly GET: DataMethod<"get">;
  readonly POST: DataMethod<"post">;
  readonly PUT: DataMethod<"put">;
  readonly PATCH: DataMethod<"patch">;
  readonly DELETE: DataMethod<"delete">;

  constructor(options: PosteadyOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.raw = createFetchClient<SdkPaths>({
      baseUrl: this.baseUrl,
      headers: { Authorization: `Bearer ${options.apiKey}` },
      fetch: retryingFetch(options.fetch ?? globalThis.fetch, options),
    });
    this.raw.use(requestIds, throwErrors);
    const call =
      (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE") =>
      async (url: string, init?: object): Promise<unknown> =>
        // @ts-expect-error: one implementation for every typed path; DataMethod types the callers
        (await this.raw[method](url, init)).data;
    this.GET = call("GET") as DataMethod<"get">;
    this.POST = call("POST") as DataMethod<"post">;
    this.PUT = call("PUT") as DataMethod<"put">;
    this.PATCH = call("PATCH") as DataMethod<"patch">;
    this.DELETE = call("DELETE") as DataMethod<"delete">;
  }

  /** Reserve → PUT the bytes with the required headers → confirm; answers the confirmed item. */
  uploadMedia(source: UploadSource, options: UploadOptions) {
    return uploadMedia(this, source, options);
  }

  /** Polls a publish job until it is published, failed, canceled or unknown. */
  waitForJob(jobId: string, options?: WaitOptions) {
    return this.waitFor(
      () => this.GET("/api/v1/publish-jobs/{id}", { params: { path: { id: jobId } } }),
      (job) => finalJob.has(job.status),
      options,
    );
  }

  /** Polls a post group until it is published, partial, failed, canceled or rejected. */
  waitForPostGroup(postGroupId: string, options?: WaitOptions) {
    return this.waitFor(
      () => this.GET("/api/v1/post-groups/{id}", { params: { path: { id: postGroupId } } }),
      (group) => finalGroup.has(group.status),
      options,
    );
  }

  /** Polls a carousel until it is completed or failed. */
  waitForCarousel(carouselId: string, options?: WaitOptions) {
    return this.waitFor(
      () => this.GET("/api/v1/carousels/{id}", { params: { path: { id: carouselId } } }),
      (carousel) => finalCarousel.has(carousel.status),
      options,
    );
  }

  /** Every library item, page after page. */
  iterateMedia(query: Query<"/api/v1/media"> = {}) {
    return offsetPages(async (offset) => {
      const page = await this.GET("/api/v1/media", { params: { query: { ...query, offset } } });
      return { items: page.media, hasMore: page.hasMore };
    });
  }

  /** Every scheduled post, page after page. */
  iterateScheduledPosts(query: Query<"/api/v1/scheduled-posts"> = {}) {
    return offsetPages(async (offset) => {
      const page = await this.GET("/api/v1/scheduled-posts", { params: { query: { ...query, offset } } });
      return { items: page.scheduledPosts, hasMore: page.hasMore };
    });
  }

  /** Every delivery of a webhook, page after page. */
  iterateWebhookDeliveries(webhookId: string, query: Query<"/api/v1/webhooks/{id}/deliveries"> = {}) {
    return offsetPages(async (offset) => {
      const page = await this.GET("/api/v1/webhooks/{id}/deliveries", { params: { path: { id: webhookId }, query: { ...query, offset } } });
      return { items: page.deliveries, hasMore: page.hasMore };
    });
  }

  /** Every audit log entry, newest first, following the cursor. */
  async *iterateAuditLog(query: Query<"/api/v1/audit-log"> = {}): AsyncGenerator<Data<"/api/v1/audit-log", "get">["entries"][number]> {
    let cursor: string | undefined;
    do {
      const page = await this.GET("/api/v1/audit-log", { params: { query: { ...query, ...(cursor ? { cursor } : {}) } } });
      yield* page.entries;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  private async waitFor<T>(poll: () => Promise<T>, done: (value: T) => boolean, options: WaitOptions = {}): Promise<T> {
    const deadline = Date.now() + (options.timeoutMs ?? 120_000);
    for (;;) {
      const value = await poll();
      if (done(value)) return value;
      if (Date.now() >= deadline) throw new PosteadyTimeoutError(`Not in a final status after ${options.timeoutMs ?? 120_000} ms`, value);
      await sleep(Math.min(options.intervalMs ?? 1000, Math.max(0, deadline - Date.now())), options.signal);
    }
  }
}

async function* offsetPages<T>(page: (offset: number) => Promise<{ items: T[]; hasMore: boolean }>): AsyncGenerator<T> {
  for (let offset = 0; ;) {
    const { items, hasMore } = await page(offset);
    yield* items;
    if (!hasMore || items.length === 0) return;
    offset += items.length;
  }
}

/** The client for one workspace key. */
export function createClient(options: PosteadyOptions): Posteady {
  return new Posteady(options);
}
