// The generated paths as the SDK takes them: a body's requestId is optional, since the SDK makes
// one per write when it is missing (and keeps it across that write's retries).
import type { Client, ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { components, operations, paths } from "./generated/openapi.js";

export type { components, operations, paths };
/** A schema of the API by name, such as `Schema<"PostGroupRequest">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

type OptionalRequestId<B> = B extends { requestId: string } ? Omit<B, "requestId"> & { requestId?: string } : B;
// the body itself, and its top-level objects (instagram, youtube… of POST /api/v1/posts)
type LooseBody<B> = B extends object ? OptionalRequestId<{ [K in keyof B]: OptionalRequestId<B[K]> }> : B;
type LooseOperation<O> = {
  [K in keyof O]: K extends "requestBody" ? { [C in keyof O[K]]: C extends "content" ? { [T in keyof O[K][C]]: LooseBody<O[K][C][T]> } : O[K][C] } : O[K];
};
export type SdkPaths = { [P in keyof paths]: { [M in keyof paths[P]]: M extends "parameters" ? paths[P][M] : LooseOperation<paths[P][M]> } };

export type Method = "get" | "put" | "post" | "delete" | "patch";
type Operation<P extends keyof SdkPaths, M extends Method> =
  SdkPaths[P] extends Record<M, infer O> ? (O extends Record<string | number, unknown> ? O : never) : never;
type Init<P extends keyof SdkPaths, M extends Method> = MaybeOptionalInit<SdkPaths[P], M>;
type Args<I> = undefined extends I ? [init?: I] : [init: I];
/** What a successful call answers (errors are thrown as PosteadyError). */
export type Data<P extends keyof SdkPaths, M extends Method, I = Init<P, M>> = Exclude<
  FetchResponse<Operation<P, M>, I, "application/json">["data"],
  undefined
>;

/** A call that answers its typed data, for every path that has the method. */
export type DataMethod<M extends Method> = <P extends ClientPathsWithMethod<Client<SdkPaths>, M>, I extends Init<P, M>>(
  url: P,
  ...init: Args<I>
) => Promise<Data<P, M, I>>;
