// The configuration refuses a malformed variable by name, saying what is allowed, and keeps
// every default: a typo must stop the service, not run it with NaN or an unknown driver.
import { afterEach, describe, expect, it } from "vitest";
import { ConfigurationError, env, resetEnv, type Env } from "./env.ts";

const touched = new Map<string, string | undefined>();

/** env() with these variables set (undefined: unset); restored after each test. */
function envWith(vars: Record<string, string | undefined>): Env {
  for (const [name, value] of Object.entries(vars)) {
    if (!touched.has(name)) touched.set(name, process.env[name]);
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnv();
  return env();
}

function refusal(vars: Record<string, string | undefined>): ConfigurationError {
  try {
    envWith(vars);
  } catch (err) {
    if (err instanceof ConfigurationError) return err;
    throw err;
  }
  throw new Error(`accepted ${JSON.stringify(vars)}`);
}

afterEach(() => {
  for (const [name, value] of touched) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  touched.clear();
  resetEnv();
});

const runtimeVariables = [
  "PUBLISH_LEASE_SECONDS",
  "WORKER_CONCURRENCY",
  "SYNC_INTERVAL_MINUTES",
  "FEED_POLL_MINUTES",
  "STORAGE_DRIVER",
  "WORKERS",
  "HTTP_HEADERS_TIMEOUT_SECONDS",
  "HTTP_BODY_TIMEOUT_SECONDS",
];

describe("configuration", () => {
  it("keeps the defaults of the worker, publishing, sync, storage and HTTP deadline variables", () => {
    const e = envWith(Object.fromEntries(runtimeVariables.map((n) => [n, undefined])));
    expect(e).toMatchObject({
      publishLeaseSeconds: 10,
      workerConcurrency: 256,
      syncIntervalMinutes: 60,
      feedPollMinutes: 15,
      workers: 1,
      storage: { driver: "local" },
      httpHeadersTimeoutSeconds: 20,
      httpBodyTimeoutSeconds: 20,
    });
  });

  it("reads well-formed values, including the zeros that mean something", () => {
    const e = envWith({ PUBLISH_LEASE_SECONDS: "3", WORKER_CONCURRENCY: "2", SYNC_INTERVAL_MINUTES: "0", WORKERS: "0" });
    expect(e).toMatchObject({ publishLeaseSeconds: 3, workerConcurrency: 2, syncIntervalMinutes: 0, workers: 0 });
    const s3 = envWith({ STORAGE_DRIVER: "s3", S3_BUCKET: "media", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "true" });
    expect(s3.storage).toEqual({
      driver: "s3",
      bucket: "media",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });

  it.each([
    ["PUBLISH_LEASE_SECONDS", "abc", "expected a number of seconds greater than 0"],
    ["PUBLISH_LEASE_SECONDS", "0", "expected a number of seconds greater than 0"],
    ["WORKER_CONCURRENCY", "3x", "expected a whole number, at least 1"],
    ["WORKER_CONCURRENCY", "0", "expected a whole number, at least 1"],
    ["WORKER_CONCURRENCY", "1.5", "expected a whole number, at least 1"],
    ["SYNC_INTERVAL_MINUTES", "hourly", "expected a whole number, at least 0"],
    ["SYNC_INTERVAL_MINUTES", "-5", "expected a whole number, at least 0"],
    ["FEED_POLL_MINUTES", "0", "expected a whole number, at least 1"],
    ["WORKERS", "two", "expected a whole number, at least 0"],
    ["HTTP_BODY_TIMEOUT_SECONDS", "0", "expected a whole number, at least 1"],
    ["STORAGE_DRIVER", "s4", 'expected one of "local"|"s3"'],
    ["S3_FORCE_PATH_STYLE", "yes", 'expected one of "true"|"false"'],
    ["S3_ENDPOINT", "minio 9000", "Invalid URL"],
    ["POSTEADY_EMBEDDED_DATABASE", "true", 'set by the launcher only, to "1"'],
    ["LINKEDIN_VERSION", "2026-07", "expected a LinkedIn-Version such as 202607"],
    ["PLATFORMS", "lve", 'expected one of "sandbox"|"live"'],
  ])("refuses %s=%s, naming the variable and what is allowed", (name, value, allowed) => {
    const err = refusal({ [name]: value });
    expect(err.problems).toEqual([{ variable: name, message: expect.stringContaining(allowed) }]);
    expect(err.message).toBe(`Invalid configuration:\n  ${name}: ${err.problems[0]!.message}`);
    expect(err.message).toContain(`(got "${value}")`);
  });

  it("wants a bucket with STORAGE_DRIVER=s3", () => {
    expect(refusal({ STORAGE_DRIVER: "s3", S3_BUCKET: undefined }).problems).toEqual([{ variable: "S3_BUCKET", message: "required with STORAGE_DRIVER=s3" }]);
  });

  it("names every malformed variable at once, and never repeats a secret's value", () => {
    const err = refusal({ WORKER_CONCURRENCY: "0", STORAGE_DRIVER: "s4", AUTH_SECRET: "short-secret-typed-by-hand" });
    expect(err.problems.map((p) => p.variable).sort()).toEqual(["AUTH_SECRET", "STORAGE_DRIVER", "WORKER_CONCURRENCY"]);
    expect(err.message).not.toContain("short-secret-typed-by-hand");
  });
});
