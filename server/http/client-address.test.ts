// Which address the per-address limits use, read from real requests to a local server.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "../env.ts";
import { requestFrom } from "../testing/http-from.ts";
import { nodeClientAddress } from "./client-address.ts";

async function addressSeen(from: string, headers: Record<string, string>): Promise<string> {
  const server = http.createServer((req, res) => res.end(nodeClientAddress(req)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return (await requestFrom(from, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers })).text;
  } finally {
    server.close();
  }
}

describe("client address", () => {
  afterEach(() => {
    delete process.env.TRUST_PROXY;
    resetEnv();
  });

  it("is the socket's peer, whatever X-Forwarded-For says, unless TRUST_PROXY is set", async () => {
    expect(await addressSeen("127.0.0.8", { "X-Forwarded-For": "203.0.113.9" })).toBe("127.0.0.8");
  });

  it("with TRUST_PROXY, is the last X-Forwarded-For entry (the one the proxy appended)", async () => {
    process.env.TRUST_PROXY = "true";
    resetEnv();
    expect(await addressSeen("127.0.0.8", { "X-Forwarded-For": "198.51.100.1, 203.0.113.9" })).toBe("203.0.113.9");
    expect(await addressSeen("127.0.0.8", {})).toBe("127.0.0.8");
  });
});
