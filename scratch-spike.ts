import { NodeOAuthClient, buildAtprotoLoopbackClientMetadata } from "@atproto/oauth-client-node";
import { startLocalPds } from "./server/sandbox/bluesky/local-pds.ts";
const pds = await startLocalPds();
const acct = await pds.createAccount({ handle: "alice.test" });
const mem = () => { const m = new Map(); return { get: async (k: string) => m.get(k), set: async (k: string, v: unknown) => { m.set(k, v); }, del: async (k: string) => { m.delete(k); } }; };
const meta = buildAtprotoLoopbackClientMetadata({ scope: "atproto transition:generic", redirect_uris: ["http://127.0.0.1:9999/api/connect/bluesky/callback"] });
console.log(meta);
const client = new NodeOAuthClient({ clientMetadata: meta, stateStore: mem() as never, sessionStore: mem() as never, allowHttp: true, handleResolver: pds.url, plcDirectoryUrl: pds.plcUrl } as never);
try {
  const url = await client.authorize(acct.handle, { state: "ours", scope: "atproto transition:generic" });
  console.log("URL", url.toString());
} catch (e) { console.error("ERR", e); }
await pds.stop();
process.exit(0);
