// `npm start` builds the web app when no build exists or the sources changed since the last one.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const INPUTS = ["app", "components", "server", "public", "prisma/schema.prisma", "next.config.ts", "postcss.config.mjs", "tsconfig.json", "package-lock.json"];
const SKIP = /(\.test\.tsx?$)|(^server\/db\/generated\/)/;

export function sourceFingerprint(root: string): string {
  const hash = crypto.createHash("sha256");
  const visit = (rel: string) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs) || SKIP.test(rel)) return;
    const stat = fs.statSync(abs);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) visit(path.posix.join(rel, name));
    } else {
      hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  INPUTS.forEach(visit);
  return hash.digest("hex");
}

export async function ensureBuild(root: string, log: (line: string) => void): Promise<void> {
  const stamp = path.join(root, ".next", "posteady-source.sha256");
  const fingerprint = sourceFingerprint(root);
  const built = fs.existsSync(path.join(root, ".next", "BUILD_ID")) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === fingerprint;
  if (built) return;
  log("Building the web app (first start, or the sources changed)…");
  const nextBin = createRequire(path.join(root, "package.json")).resolve("next/dist/bin/next");
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, "build"], {
      cwd: root,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`next build failed (exit ${code}):\n${output}`))));
  });
  fs.writeFileSync(stamp, fingerprint);
}
