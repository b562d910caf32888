// Meta app modes for the sandbox's Threads, Instagram and Facebook apps. A new Meta app starts in
// Development mode, where only people with a role on the app (admins, developers, testers; for
// Threads, Threads testers who accepted the invite) can grant it permissions
// (developers.facebook.com/docs/development/build-and-test/app-modes,
// developers.facebook.com/docs/development/build-and-test/app-roles,
// developers.facebook.com/docs/threads/get-started, "Threads testers").
// Anyone else who signs in is stopped on Meta's own page and never sent back to the app: the
// pages below are Meta's words as integrators report them (Threads: fbsamples/threads_api issue
// 14, answered by Meta; Instagram: "Insufficient developer role"; Facebook Login: "App not
// active"). The documentation gives no redirect with an error for this case, so none is sent.
//   GET /_sandbox/<provider>/app                                    { mode, roles }
//   PUT /_sandbox/<provider>/app { mode: live|development, roles? } → { mode, roles }
//   SANDBOX_<PROVIDER>_APP=development[:username,username…] at start (roles: the listed usernames)
import type { Hono } from "hono";
import { z } from "zod";
import { faviconLink } from "./favicon.ts";
import { jsonAnswer, type Env } from "./kit.ts";
import { controlSetting } from "./control-setting.ts";

export type MetaProvider = "threads" | "instagram" | "facebook";

const setupInput = z.strictObject({ mode: z.enum(["live", "development"]), roles: z.array(z.string().min(1)).default([]) });
type Setup = z.output<typeof setupInput>;

function configured(provider: MetaProvider): Setup {
  const name = `SANDBOX_${provider.toUpperCase()}_APP`;
  const value = process.env[name] ?? "";
  if (value === "" || value === "live") return { mode: "live", roles: [] };
  const [mode, users] = value.split(":");
  if (mode !== "development") throw new Error(`${name}: unknown setting ${value} (known: live, development[:username,…])`);
  return {
    mode,
    roles: (users ?? "")
      .split(",")
      .map((u) => u.trim().replace(/^@/, ""))
      .filter(Boolean),
  };
}

/** The refusal Meta shows a person without a role, on its own page (HTTP 200 there, as a page is). */
const refusals: Record<MetaProvider, () => Response> = {
  threads: () => jsonAnswer({ error_message: "Invalid Request: The  user has not accepted the invite to test the app", error_code: 1349245 }),
  instagram: () => jsonAnswer({ error_type: "OAuthException", code: 400, error_message: "Insufficient developer role" }, { status: 400 }),
  facebook: () =>
    new Response(
      `<!doctype html><title>App not active</title>${faviconLink}<h1>App not active</h1><p>This app is not currently accessible and the app developer is aware of the issue. You will be able to log in when the app is reactivated.</p>`,
      { status: 200, headers: { "content-type": "text/html; charset=utf-8" } },
    ),
};

/**
 * Registers the control routes of one Meta app's mode, and answers the check the consent page
 * makes once it knows who signs in: Meta's refusal page, or undefined to go on.
 */
export function registerMetaAppMode(app: Hono<Env>, provider: MetaProvider): (username: string) => Response | undefined {
  const current = controlSetting(app, `${provider}/app`, setupInput, configured(provider));
  return (username) => {
    const { mode, roles } = current();
    return mode === "development" && !roles.includes(username) ? refusals[provider]() : undefined;
  };
}
