// @posteady/sdk: a typed client for the Posteady API (docs/sdk.md).
export { createClient, Posteady, type PosteadyOptions, type WaitOptions } from "./client.js";
export { PosteadyError, PosteadyTimeoutError, type Issue } from "./errors.js";
export type { RetryOptions } from "./retry.js";
export type { Data, DataMethod, Schema, SdkPaths, components, operations, paths } from "./types.js";
export type { UploadOptions, UploadSource } from "./upload.js";
export { verifyWebhook, WebhookVerificationError } from "./webhooks.js";
