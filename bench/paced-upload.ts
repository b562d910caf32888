// Drill: a 2 GiB MP4 uploaded at 5 MB/s (curl --limit-rate, about 7 minutes) through the local
// storage driver's upload URL, with the default slow-client deadlines (server/http/slow-clients.ts):
// a body is cut off when it stops arriving or arrives too slowly, never for its total time, so
// an upload on a slow link completes, long past the 300 s upload window it started in.
// Too slow for `npm test`, which checks a small paced upload instead (slow-clients.test.ts).
// Run: npm run drill:paced-upload [-- <MiB> <MB/s>]   (defaults 2048 and 5)
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { closeDb } from "../server/db.ts";
import { createApiKey } from "../server/domain/api-keys/create-api-key.ts";
import { signUp } from "../server/domain/auth/sign-up.ts";
import { env } from "../server/env.ts";
import { systemScope } from "../server/scope.ts";
import { startTestStack } from "../server/testing/test-stack.ts";
import { writeMp4 } from "./mp4-file.ts";

const size = Number(process.argv[2] ?? 2048) * 1024 ** 2;
const rate = Number(process.argv[3] ?? 5) * 1_000_000; // bytes a second
const stack = await startTestStack("paced-upload");
const file = path.join(stack.dataDir, "paced-upload.mp4");

async function api(key: string, method: string, p: string, body: unknown) {
  const res = await fetch(stack.baseUrl + p, {
    method,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

try {
  const { workspace } = await signUp({ email: `drill-paced-${Date.now()}@example.test`, password: "drill-password" }, { plan: "BUSINESS" });
  const { key } = await createApiKey(await systemScope(workspace.id), { name: "drill" });
  writeMp4(file, size, false);
  const reservation = await api(key, "POST", "/api/v1/media/uploads", { fileName: "slow-link.mp4", contentType: "video/mp4", fileSize: size });
  if (reservation.status !== 201) throw new Error(`reserve answered ${reservation.status} ${JSON.stringify(reservation.json)}`);
  const { uploadUrl, requiredHeaders, fileKey } = reservation.json;
  console.log(`PUT ${(size / 1024 ** 2).toFixed(0)} MiB at ${rate / 1e6} MB/s (about ${Math.round(size / rate)} s)…`);
  const started = performance.now();
  const answer = await new Promise<string>((resolve, reject) => {
    const args = ["-sS", "-o", "-", "-w", "\n%{http_code}", "-X", "PUT", "-T", file, "--limit-rate", String(rate), uploadUrl];
    for (const [h, v] of Object.entries(requiredHeaders as Record<string, string>)) args.push("-H", `${h}: ${v}`);
    let out = "";
    const curl = spawn("curl", args, { stdio: ["ignore", "pipe", "inherit"] });
    curl.stdout.on("data", (chunk) => (out += chunk));
    curl.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`curl exited ${code}: ${out}`))));
  });
  const seconds = (performance.now() - started) / 1000;
  const status = Number(answer.slice(answer.lastIndexOf("\n") + 1));
  const confirmed = await api(key, "POST", "/api/v1/media/uploads/confirm", { fileKey });
  const e = env();
  console.table([
    {
      "size MiB": Math.round(size / 1024 ** 2),
      "paced MB/s": rate / 1e6,
      "took s": Math.round(seconds),
      "average MB/s": Number((size / 1e6 / seconds).toFixed(2)),
      "PUT status": status,
      "confirm status": confirmed.status,
      "confirmed duration s": confirmed.json.durationSeconds,
      "headers / body deadline s": `${e.httpHeadersTimeoutSeconds} / ${e.httpBodyTimeoutSeconds}`,
    },
  ]);
  if (status !== 200 || confirmed.status !== 200)
    throw new Error(`the paced upload did not complete: PUT ${status}, confirm ${JSON.stringify(confirmed.json)}`);
} finally {
  fs.rmSync(file, { force: true });
  await closeDb();
  await stack.stop();
}
