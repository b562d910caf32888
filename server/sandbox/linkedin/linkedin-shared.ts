// What the sandbox LinkedIn's modules share: Rest.li error bodies, the versioned-API header
// checks, member URNs and post lookup.
import crypto from "node:crypto";
import { jsonAnswer, type Ctx } from "../kit.ts";
import type { SandboxPost, SandboxState } from "../state.ts";

type RestBody = { code?: string; serviceErrorCode?: number; message: string };
export const restError = (status: number, body: RestBody) => jsonAnswer({ status, ...body }, { status });

/** Rest.li validation failures: 422 with the failing field in errorDetails.inputErrors. */
export const inputError = (code: string, field: string, message: string) =>
  jsonAnswer(
    {
      status: 422,
      code,
      message,
      errorDetailType: "com.linkedin.common.error.BadRequest",
      errorDetails: { inputErrors: [{ code, description: message, input: { inputPath: { fieldPath: field } } }] },
    },
    { status: 422 },
  );

/** The OIDC `sub` of a sandbox profile: opaque and stable, like LinkedIn's member ids. */
export const memberId = (profileId: string) => crypto.createHash("sha256").update(`linkedin-member:${profileId}`).digest("base64url").slice(0, 10);
export const personUrn = (profileId: string) => `urn:li:person:${memberId(profileId)}`;
export const shareUrn = (post: SandboxPost) => `urn:li:share:${post.id}`;

/** Versioned APIs refuse requests without a valid LinkedIn-Version and Rest.li 2.0. */
export function versionProblem(c: Ctx): Response | undefined {
  const version = c.req.header("linkedin-version");
  if (!version)
    return restError(400, { code: "VERSION_MISSING", message: "A version must be present. Please specify a version by adding the LinkedIn-Version header." });
  const m = /^(\d{4})(\d{2})(?:\.\d{2})?$/.exec(version);
  const now = new Date();
  const future = m && Number(m[1]) * 12 + Number(m[2]) > now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12 || future)
    return restError(426, { code: "NONEXISTENT_VERSION", message: `Requested version ${version} is not active` });
  if (c.req.header("x-restli-protocol-version") !== "2.0.0") {
    return restError(400, { code: "ILLEGAL_ARGUMENT", message: "This endpoint requires the header X-Restli-Protocol-Version: 2.0.0" });
  }
  return undefined;
}

/** A live (not deleted) LinkedIn post by its share URN. */
export function postOf(state: SandboxState, urn: string): SandboxPost | undefined {
  const id = /^urn:li:share:(\d+)$/.exec(urn)?.[1];
  const post = id ? state.post(id) : undefined;
  return post && post.provider === "linkedin" && !post.deleted ? post : undefined;
}

/** The request's JSON body as an object, or undefined. */
export async function jsonBody<T>(c: Ctx): Promise<T | undefined> {
  const body = (await c.req.json().catch(() => null)) as unknown;
  return body && typeof body === "object" && !Array.isArray(body) ? (body as T) : undefined;
}
