// Benchmark: a 2 GiB MP4 uploaded with curl through the local driver's signed URL, side by
// side with dd writing the same size to the same disk (both flushed to disk), the web
// process's peak RSS growth while it streams, and the time to confirm (verify + probe) the
// 2 GiB file, with its moov box first and last. Run: npm run bench:upload
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { closeDb } from "../server/db.ts";
import { createApiKey } from "../server/domain/api-keys/create-api-key.ts";
import { signUp } from "../server/domain/auth/sign-up.ts";
import { systemScope } from "../server/scope.ts";
import { startTestStack } from "../server/testing/test-stack.ts";
import { writeMp4 } from "./mp4-file.ts";

const SIZE = 2 * 1024 ** 3;
const stack = await startTestStack("bench");
const dir = path.join(stack.dataDir, "bench-files");
fs.mkdirSync(dir, { recursive: true });

function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
}

async function api(key: string, method: string, p: string, body?: unknown) {
  const out = execFileSync(
    "curl",
    [
      "-sS",
      "-X",
      method,
      "-H",
      `Authorization: Bearer ${key}`,
      "-H",
      "Content-Type: application/json",
      ...(body ? ["-d", JSON.stringify(body)] : []),
      stack.baseUrl + p,
    ],
    { encoding: "utf8" },
  );
  try {
    return JSON.parse(out);
  } catch {
    throw new Error(`${method} ${p}: ${out}`);
  }
}

try {
  const { workspace } = await signUp({ email: `bench-upload-${Date.now()}@example.test`, password: "bench-password" }, { plan: "BUSINESS" });
  const { key } = await createApiKey(await systemScope(workspace.id), { name: "bench" });

  // dd: the same size to the same disk, flushed (the upload is fsynced before it is acknowledged).
  const ddFile = path.join(dir, "dd.bin");
  let t = performance.now();
  execFileSync("dd", ["if=/dev/zero", `of=${ddFile}`, "bs=8M", `count=${SIZE / (8 * 1024 ** 2)}`, "conv=fdatasync"], { stdio: "ignore" });
  const ddSeconds = (performance.now() - t) / 1000;
  fs.rmSync(ddFile);

  const rows = [];
  for (const moovAtEnd of [false, true]) {
    const file = path.join(dir, `source-${moovAtEnd ? "moov-last" : "moov-first"}.mp4`);
    writeMp4(file, SIZE, moovAtEnd);
    execFileSync("sync");
    const reservation = await api(key, "POST", "/api/v1/media/uploads", { fileName: "big.mp4", contentType: "video/mp4", fileSize: SIZE });
    const baseline = rssKb(stack.webPid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(stack.webPid))), 50);
    t = performance.now();
    await new Promise<void>((resolve, reject) => {
      const args = ["-sS", "-f", "-o", "/dev/null", "-X", "PUT", "-T", file, reservation.uploadUrl];
      for (const [h, v] of Object.entries(reservation.requiredHeaders as Record<string, string>)) args.push("-H", `${h}: ${v}`);
      spawn("curl", args, { stdio: "inherit" }).on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`curl exited ${code}`))));
    });
    const uploadSeconds = (performance.now() - t) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssKb(stack.webPid));
    t = performance.now();
    const confirmed = await api(key, "POST", "/api/v1/media/uploads/confirm", { fileKey: reservation.fileKey });
    const confirmMs = performance.now() - t;
    if (confirmed.durationSeconds !== 3600) throw new Error(`confirm answered ${JSON.stringify(confirmed)}`);
    rows.push({
      file: moovAtEnd ? "moov last" : "moov first",
      "upload MB/s": Math.round(SIZE / 1024 ** 2 / uploadSeconds),
      "dd MB/s": Math.round(SIZE / 1024 ** 2 / ddSeconds),
      "upload/dd": Number((ddSeconds / uploadSeconds).toFixed(2)),
      "RSS growth MB": Math.round((peak - baseline) / 1024),
      "confirm ms": Math.round(confirmMs),
    });
    fs.rmSync(file);
  }
  console.log("\n2 GiB MP4 through the local storage driver (curl -T), fsynced; dd conv=fdatasync to the same disk");
  console.table(rows);
  console.log("targets: upload/dd ≥ 0.7, RSS growth ≤ 64 MB, confirm ≤ 200 ms");
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
  await closeDb();
  await stack.stop();
}
