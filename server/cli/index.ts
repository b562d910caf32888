// Admin CLI for headless self-hosting: `npm run cli -- <command>`.
import fs from "node:fs";
import { Command, InvalidArgumentError, Option } from "commander";
import { configuredDataDir, exitOnInvalidConfiguration } from "../env.ts";
import type { CreateApiKeyInput } from "../domain/api-keys/api-keys.schema.ts";
import { providers, type ProviderName } from "../domain/accounts/providers.ts";
import { useInstallationDatabase } from "../runtime/database.ts";
import { NoInstallationDataError } from "../runtime/embedded-postgres.ts";

const program = new Command("posteady").description("Administer a Posteady installation").showHelpAfterError();

type Out = { json?: boolean };
const print = (value: unknown, opts: Out, human: () => string) => {
  process.stdout.write((opts.json ? JSON.stringify(value) : human()) + "\n");
};

program
  .command("bootstrap")
  .description("Create (or reuse) a user, their organization and a workspace, and issue a new API key")
  .requiredOption("--email <email>")
  .requiredOption("--password <password>")
  .requiredOption("--workspace <name>", "workspace name (reused if the user already has one with this name)")
  .addOption(new Option("--plan <plan>", "organization plan").choices(["free", "creator", "pro", "business"]))
  .option("--key-name <name>", "name of the new API key", "bootstrap")
  .option("--json", "print one JSON object {userId, workspaceId, apiKey}")
  .action(async (opts) => {
    const { bootstrap } = await import("./bootstrap.ts");
    const { parsePlan } = await import("../domain/plans.ts");
    const result = await bootstrap({
      email: opts.email,
      password: opts.password,
      workspace: opts.workspace,
      plan: opts.plan ? parsePlan(opts.plan) : undefined,
      keyName: opts.keyName,
    });
    print(result, opts, () => `user       ${result.userId}\nworkspace  ${result.workspaceId}\napi key    ${result.apiKey}\n(the key is shown only now)`);
  });

const members = program.command("members").description("Manage the people of a workspace");

members
  .command("invite")
  .description("Invite someone by email with a role; prints the invitation and its link (emailed when SMTP_URL is set)")
  .requiredOption("--workspace <id>", "workspace id")
  .requiredOption("--email <email>")
  .addOption(new Option("--role <role>", "their role").choices(["owner", "admin", "editor", "contributor", "viewer"]).makeOptionMandatory())
  .option("--json", "print one JSON object {invitation, url, emailStatus}")
  .action(async (opts) => {
    const [{ systemScope }, { inviteMember }] = await Promise.all([import("../scope.ts"), import("../domain/members/invite-member.ts")]);
    const sent = await inviteMember(await systemScope(opts.workspace), { email: opts.email, role: opts.role });
    print(sent, opts, () =>
      [
        `invited    ${sent.invitation.email} as ${sent.invitation.role} (until ${sent.invitation.expiresAt})`,
        `link       ${sent.url}`,
        sent.emailStatus === "pending" ? "email      queued for the mail server" : "email      NOT sent: SMTP_URL is not set; send the link yourself",
      ].join("\n"),
    );
  });

members
  .command("list")
  .requiredOption("--workspace <id>", "workspace id")
  .option("--json")
  .action(async (opts) => {
    const [{ systemScope }, { listMembers }] = await Promise.all([import("../scope.ts"), import("../domain/members/list-members.ts")]);
    const list = await listMembers(await systemScope(opts.workspace));
    print(list, opts, () =>
      [
        ...list.members.map((m) => `${m.userId}  ${m.role.padEnd(11)}  ${m.email}`),
        ...list.invitations.map((i) => `(invited)  ${i.role.padEnd(11)}  ${i.email}  until ${i.expiresAt}`),
      ].join("\n"),
    );
  });

const keys = program.command("keys").description("Manage API keys of a workspace");

keys
  .command("list")
  .requiredOption("--workspace <id>", "workspace id")
  .option("--json")
  .action(async (opts) => {
    const [{ systemScope }, { listApiKeys }] = await Promise.all([import("../scope.ts"), import("../domain/api-keys/list-api-keys.ts")]);
    const list = await listApiKeys(await systemScope(opts.workspace));
    print({ keys: list }, opts, () =>
      list.length === 0
        ? "no keys"
        : list
            .map(
              (k) => `${k.id}  ${k.prefix}…${k.last4}  ${k.status.padEnd(7)}  ${k.name}  (scopes ${k.scopes.join(",")}; last used ${k.lastUsedAt ?? "never"})`,
            )
            .join("\n"),
    );
  });

keys
  .command("create")
  .requiredOption("--workspace <id>", "workspace id")
  .option("--name <name>", "key name", "cli")
  .option("--expires <iso-date>", "expiry, e.g. 2027-01-31T00:00:00Z")
  .option("--scopes <a,b>", "only these scopes, e.g. posts:read,media:read (default: every scope; see docs/api-guide.md)")
  .option("--json")
  .action(async (opts) => {
    const [{ systemScope }, { createApiKey }] = await Promise.all([import("../scope.ts"), import("../domain/api-keys/create-api-key.ts")]);
    // unchecked here: createApiKey validates each name and answers VALIDATION_ERROR naming an unknown one
    const scopes =
      opts.scopes === undefined
        ? undefined
        : (String(opts.scopes)
            .split(",")
            .map((s) => s.trim()) as CreateApiKeyInput["scopes"]);
    const result = await createApiKey(await systemScope(opts.workspace), { name: opts.name, expiresAt: opts.expires, scopes });
    print(
      { id: result.apiKey.id, apiKey: result.key, expiresAt: result.apiKey.expiresAt, scopes: result.apiKey.scopes },
      opts,
      () => `${result.key}\n(id ${result.apiKey.id}; the key is shown only now)`,
    );
  });

keys
  .command("revoke")
  .requiredOption("--workspace <id>", "workspace id")
  .requiredOption("--id <keyId>", "key id (from keys list)")
  .option("--json")
  .action(async (opts) => {
    const [{ systemScope }, { revokeApiKey }] = await Promise.all([import("../scope.ts"), import("../domain/api-keys/revoke-api-key.ts")]);
    const key = await revokeApiKey(await systemScope(opts.workspace), opts.id);
    print(key, opts, () => `revoked ${key.id} (${key.name}) at ${key.revokedAt}`);
  });

program
  .command("plan")
  .description("Show or change an organization's plan")
  .command("set")
  .requiredOption("--workspace <id>", "any workspace of the organization")
  .addOption(new Option("--plan <plan>").choices(["free", "creator", "pro", "business"]).makeOptionMandatory())
  .option("--json")
  .action(async (opts) => {
    const [{ systemScope }, { setOrganizationPlan }, { parsePlan }] = await Promise.all([
      import("../scope.ts"),
      import("../domain/organizations/set-plan.ts"),
      import("../domain/plans.ts"),
    ]);
    const scope = await systemScope(opts.workspace);
    const org = await setOrganizationPlan(scope.organizationId, parsePlan(opts.plan));
    const result = { organizationId: org.id, plan: org.plan.toLowerCase(), mediaQuotaBytes: Number(org.mediaQuotaBytes), carouselCredits: org.carouselCredits };
    print(result, opts, () => `organization ${org.id} is now on ${result.plan}`);
  });

/** `--provider x,threads`: one or more providers, each known. */
function providerList(value: string): ProviderName[] {
  const list = [...new Set(value.split(",").map((p) => p.trim()))];
  if (!list.every((p): p is ProviderName => (providers as readonly string[]).includes(p))) {
    throw new InvalidArgumentError(`expected ${providers.join(", ")}, or several of them comma-separated`);
  }
  return list;
}

const accounts = program.command("accounts").description("Connected accounts of a workspace");

accounts
  .command("connect")
  .description("Connect an account that signs in with an app password (bluesky), without a browser")
  .argument("<provider>", "bluesky")
  .requiredOption("--workspace <id>", "workspace id")
  .requiredOption("--handle <handle>", "the account's handle (or email)")
  .requiredOption("--app-password <password>", "an app password (Bluesky: Settings → Privacy and security → App passwords)")
  .option("--server <url>", "the account's server (default https://bsky.social; the local PDS in sandbox mode)")
  .option("--json", 'print {"accountId","provider","username"}')
  .action(async (provider: string, opts) => {
    if (!(providers as readonly string[]).includes(provider)) throw new InvalidArgumentError(`expected one of ${providers.join(", ")}`);
    const [{ systemScope }, { connectWithAppPassword }] = await Promise.all([import("../scope.ts"), import("../domain/accounts/connect-password.ts")]);
    const account = await connectWithAppPassword(await systemScope(opts.workspace), {
      provider: provider as ProviderName,
      identifier: opts.handle,
      appPassword: opts.appPassword,
      server: opts.server,
    });
    const out = { accountId: account.accountId, provider: account.provider, username: account.username };
    print(out, opts, () => `connected ${out.provider} @${out.username} (${out.accountId})`);
  });

const sandbox = program.command("sandbox").description("The platform sandbox (PLATFORMS=sandbox)");

sandbox
  .command("connect")
  .description("Connect a sandbox account to a workspace through the real OAuth flow, without a browser")
  .requiredOption("--workspace <id>", "workspace id")
  .addOption(
    new Option("--provider <providers>", `${providers.slice(0, -1).join(", ")} or ${providers.at(-1)}; several, comma-separated, connect one account of each`)
      .argParser(providerList)
      .makeOptionMandatory(),
  )
  .option("--username <username>", "sandbox profile username (a new profile is created)")
  .option("--display-name <name>")
  .option("--profile <id>", "use an existing sandbox profile instead")
  .addOption(new Option("--account-type <type>", "instagram").choices(["business", "creator", "personal"]))
  .option("--scopes <a,b>", "grant only these of the requested scopes")
  .addOption(new Option("--tiktok-connection <method>").choices(["business", "login-kit"]).default("business"))
  .option("--page-name <name>", "facebook Page name")
  .option("--page-tasks <A,B>", "facebook Page tasks (default CREATE_CONTENT,MANAGE,MODERATE,ANALYZE)")
  .option("--instance <url>", "mastodon: the instance to connect to (default: the sandbox's mastodon.social)")
  .option("--json", 'print {"accountId","provider","username"}')
  .action(async (opts) => {
    const { sandboxConnect } = await import("./sandbox-connect.ts");
    const list = (v?: string) =>
      v
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined;
    for (const provider of opts.provider as ProviderName[]) {
      // one after another: each is its own OAuth flow and account
      const accounts = await sandboxConnect({
        workspace: opts.workspace,
        provider,
        username: opts.username,
        displayName: opts.displayName,
        profile: opts.profile,
        accountType: provider === "instagram" ? opts.accountType : undefined,
        scopes: list(opts.scopes),
        tiktokConnection: opts.tiktokConnection,
        pageName: opts.pageName,
        pageTasks: list(opts.pageTasks),
        instance: provider === "mastodon" ? opts.instance : undefined,
      });
      const first = accounts[0]!;
      const out = { accountId: first.accountId, provider: first.provider, username: first.username };
      print(out, opts, () => accounts.map((a) => `connected ${a.provider} @${a.username} (${a.accountId})`).join("\n"));
    }
  });

const platforms = program.command("platforms").description("The platforms Posteady publishes to (PLATFORMS=sandbox|live)");

platforms
  .command("check")
  .description("Check each platform's configuration: credentials, URLs, redirect URI, LinkedIn-Version, a call with the app's credentials")
  .addOption(new Option("--provider <provider>", "check only this platform").choices(providers))
  .option("--json", 'print {"mode","ok","checks":[{provider,check,result,detail}]}')
  .action(async (opts) => {
    const { checkPlatforms, formatCheckTable } = await import("../platforms/check/check-platforms.ts");
    const mastodonInstances = async () => (await import("../domain/accounts/mastodon-instance-limits.ts")).knownMastodonInstances();
    const { mode, rows } = await checkPlatforms({ provider: opts.provider, mastodonInstances });
    const ok = rows.every((r) => r.result !== "fail");
    print({ mode, ok, checks: rows }, opts, () => `platforms: ${mode}\n\n${formatCheckTable(rows)}`);
    if (!ok) process.exitCode = 1;
  });

program
  .command("mcp")
  .description("Serve the tool interface (MCP) on stdin/stdout for a local agent, as the API key in POSTEADY_API_KEY")
  .action(async () => {
    const { serveMcpOverStdio } = await import("../mcp/stdio.ts");
    await serveMcpOverStdio();
  });

// `mcp` serves the data of a running installation: a DATA_DIR or DATABASE_URL that names none
// is a configuration mistake to report, never a reason to start a second, empty database.
const mcpHelp = "DATA_DIR (or DATABASE_URL) must name the data of the running service: its dashboard's “Connect an agent” page shows the configuration to use.";

async function main() {
  const mcp = process.argv[2] === "mcp";
  if (mcp && !process.env.DATABASE_URL && !fs.existsSync(configuredDataDir())) fail(`No Posteady database in ${configuredDataDir()}. ${mcpHelp}`);
  exitOnInvalidConfiguration();
  // `mcp` speaks JSON-RPC on stdout: whatever a library would print there goes to stderr.
  if (mcp) console.log = console.info = console.debug = console.error;
  // `platforms check` reads configuration and calls the platforms: no database to start.
  const usesDatabase = process.argv[2] !== "platforms";
  const database = usesDatabase
    ? await useInstallationDatabase({ existingOnly: mcp }).catch((err: unknown) => {
        if (err instanceof NoInstallationDataError) fail(`${err.message}. ${mcpHelp}`);
        throw err;
      })
    : undefined;
  let code = 0;
  try {
    await program.parseAsync(process.argv);
  } catch (err) {
    const { toAppError } = await import("../errors.ts");
    const appError = toAppError(err);
    process.stderr.write(`error: ${appError.code}: ${appError.message}\n`);
    code = 1;
  } finally {
    if (database) await closeDatabase(database);
  }
  process.exit(code || Number(process.exitCode ?? 0));
}

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
}

async function closeDatabase(database: { stop(): Promise<void> }) {
  const { closeDb } = await import("../db.ts");
  // A write still in flight when a command ends (`mcp` touching its key's "last used", say) can
  // keep a pooled connection that Prisma's disconnect never returns: closing waits a while, no more.
  await Promise.race([closeDb().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
  await database.stop();
}

void main();
