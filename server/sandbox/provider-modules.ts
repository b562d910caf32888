// What stands in for each provider in sandbox mode and in tests, one entry per provider (the
// provider table's names; leaving one out does not compile). Most are a module of this sandbox
// server, imitating the platform's documented API. A provider whose real server runs locally
// (installed from npm) is a `localServer` instead: its launcher lives in server/sandbox/<provider>/.
import type { ProviderName } from "../domain/accounts/providers.ts";
import { facebookSandbox } from "./facebook/facebook-sandbox.ts";
import { instagramSandbox } from "./instagram/instagram-sandbox.ts";
import type { Hono } from "hono";
import { registerSandboxPds } from "./bluesky/sandbox-pds.ts";
import type { Env, ProviderModule } from "./kit.ts";
import { linkedinSandbox } from "./linkedin/linkedin-sandbox.ts";
import { mastodonSandbox } from "./mastodon/mastodon-sandbox.ts";
import { threadsSandbox } from "./threads/threads-sandbox.ts";
import { tiktokSandbox } from "./tiktok/tiktok-sandbox.ts";
import { xSandbox } from "./x/x-sandbox.ts";
import { youtubeSandbox } from "./youtube/youtube-sandbox.ts";

/**
 * A real server of the platform's own software, run on this machine and reached through the
 * sandbox's address: its routes are registered on the sandbox, which starts it on first use.
 */
export type LocalServer = { register(app: Hono<Env>, baseUrl: string): { close(): Promise<void> } };

const blueskyLocalServer: LocalServer = { register: registerSandboxPds };

export type ProviderSandbox = { module: ProviderModule } | { localServer: LocalServer };

export const sandboxes: Record<ProviderName, ProviderSandbox> = {
  x: { module: xSandbox },
  threads: { module: threadsSandbox },
  linkedin: { module: linkedinSandbox },
  tiktok: { module: tiktokSandbox },
  instagram: { module: instagramSandbox },
  youtube: { module: youtubeSandbox },
  facebook: { module: facebookSandbox },
  bluesky: { localServer: blueskyLocalServer },
  mastodon: { module: mastodonSandbox },
};

/** The modules this sandbox server registers. */
export const providerModules: ProviderModule[] = Object.values(sandboxes).flatMap((s) => ("module" in s ? [s.module] : []));

/** The local servers this sandbox server runs. */
export const localServers: LocalServer[] = Object.values(sandboxes).flatMap((s) => ("localServer" in s ? [s.localServer] : []));
