// Bluesky's sandbox is not an imitation: a real PDS (@atproto/pds, the server Bluesky runs) with
// a real PLC identity directory (@did-plc/server, in memory), in this process. The PDS keeps its
// SQLite files and blobs in a temporary directory removed on stop, so it needs no database
// server. Handles end in `.test`. Tests and `npm start` in sandbox mode create accounts and app
// passwords on it the way a user does on bsky.social.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { AtpAgent } from "@atproto/api";
import { Secp256k1Keypair } from "@atproto/crypto";
import * as pds from "@atproto/pds";
import * as plc from "@did-plc/server";
import { freePort } from "../../runtime/embedded-postgres.ts";

export type LocalPdsOptions = {
  /** the PDS's port (default: a free one) */
  port?: number;
  /** the PLC directory's port (default: a free one) */
  plcPort?: number;
  /**
   * The address the PDS is reached at, when something forwards to it (the sandbox serves it under
   * its own address): account DID documents name it as the account's PDS. Default: itself.
   */
  publicUrl?: string;
};

export type LocalAccount = { did: string; handle: string; email: string; password: string; accessJwt: string };

export type LocalPds = {
  /** the PDS, e.g. http://localhost:2583 */
  url: string;
  /** the PLC identity directory */
  plcUrl: string;
  /** a new account (its handle must end in .test), signed in with its own password */
  createAccount(input: { handle: string; email?: string; password?: string }): Promise<LocalAccount>;
  /** an app password for the account, as Bluesky's Settings → App passwords makes one */
  createAppPassword(account: LocalAccount, name?: string): Promise<string>;
  stop(): Promise<void>;
};

const secret = () => randomBytes(16).toString("hex");

async function startPlc(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = plc.PlcServer.create({ db: plc.Database.mock(), port });
  const listener = await server.start();
  const actual = (listener.address() as AddressInfo).port;
  return { url: `http://localhost:${actual}`, stop: () => server.destroy() };
}

export async function startLocalPds(options: LocalPdsOptions = {}): Promise<LocalPds> {
  const identity = await startPlc(options.plcPort ?? (await freePort()));
  const port = options.port ?? (await freePort());
  const dir = await mkdtemp(path.join(os.tmpdir(), "posteady-pds-"));
  let server: pds.PDS | undefined;
  try {
    const rotationKey = await Secp256k1Keypair.create({ exportable: true });
    const env: pds.ServerEnvironment = {
      port,
      hostname: "localhost",
      devMode: true,
      dataDirectory: dir,
      blobstoreDiskLocation: path.join(dir, "blobs"),
      didPlcUrl: identity.url,
      recoveryDidKey: (await Secp256k1Keypair.create()).did(),
      plcRotationKeyK256PrivateKeyHex: Buffer.from(await rotationKey.export()).toString("hex"),
      adminPassword: secret(),
      jwtSecret: secret(),
      serviceHandleDomains: [".test"],
      inviteRequired: false,
      // 100 MiB, as Bluesky's PDS distribution sets it (PDS_BLOB_UPLOAD_LIMIT), so a video up to
      // the lexicon's 100,000,000 bytes is taken; the library's default is 5 MB
      blobUploadLimit: 100 * 1024 * 1024,
      // no app view, no moderation service, no crawlers: a repository server only
    };
    const cfg = pds.envToCfg(env);
    // envToCfg makes http://localhost:<port>, or https for any other name: a forwarded PDS is named here.
    if (options.publicUrl) {
      cfg.service.publicUrl = options.publicUrl.replace(/\/$/, "");
      // its OAuth server (atproto OAuth) is reached there too: the issuer it names must be that address
      (cfg.oauth as { issuer: string }).issuer = cfg.service.publicUrl;
    }
    server = await pds.PDS.create(cfg, pds.envToSecrets(env));
    await server.start();
  } catch (err) {
    await server?.destroy().catch(() => undefined);
    await identity.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  const url = `http://localhost:${port}`;
  const running = server;

  return {
    url,
    plcUrl: identity.url,
    async createAccount({ handle, email, password }) {
      const pass = password ?? secret();
      const mail = email ?? `${handle.replace(/\.test$/, "")}@example.test`;
      const agent = new AtpAgent({ service: url });
      const res = await agent.com.atproto.server.createAccount({ handle, email: mail, password: pass });
      return { did: res.data.did, handle: res.data.handle, email: mail, password: pass, accessJwt: res.data.accessJwt };
    },
    async createAppPassword(account, name = `posteady-${secret().slice(0, 6)}`) {
      const agent = new AtpAgent({ service: url });
      await agent.login({ identifier: account.handle, password: account.password });
      const res = await agent.com.atproto.server.createAppPassword({ name });
      return res.data.password;
    },
    async stop() {
      await running.destroy();
      await identity.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
