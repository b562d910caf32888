// Points Meta's facebook-nodejs-business-sdk at a sandbox host. The SDK builds every URL from
// its static FacebookAdsApi.GRAPH ("https://graph.facebook.com") and offers no setting for it,
// so the getter is replaced for the duration of a test file and restored afterwards.
import { FacebookAdsApi } from "facebook-nodejs-business-sdk";

export function pointBusinessSdkAt(graphBase: string): () => void {
  const original = Object.getOwnPropertyDescriptor(FacebookAdsApi, "GRAPH")!;
  Object.defineProperty(FacebookAdsApi, "GRAPH", { get: () => graphBase, configurable: true });
  return () => Object.defineProperty(FacebookAdsApi, "GRAPH", original);
}
