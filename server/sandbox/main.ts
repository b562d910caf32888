// `npm run sandbox` (and `npm start` in the default sandbox mode): the platform sandbox as a
// service, its state kept in DATA_DIR/sandbox/state.json.
import path from "node:path";
import { env } from "../env.ts";
import { platformConfig } from "../platforms/config.ts";
import { startSandbox } from "./app.ts";
import { localServers, providerModules } from "./provider-modules.ts";

const config = platformConfig();
const sandbox = await startSandbox({
  port: config.sandboxPort,
  modules: providerModules,
  localServers,
  hostname: process.env.SANDBOX_HOST ?? "127.0.0.1",
  baseUrl: config.sandboxUrl,
  stateFile: path.join(env().dataDir, "sandbox", "state.json"),
});
process.stdout.write(`Platform sandbox listening at ${sandbox.url} (overview: ${sandbox.url}/_sandbox)\n`);

const stop = () => void sandbox.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
