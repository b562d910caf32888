// Fetching a user-supplied URL without letting it reach our own network (SSRF). Only http(s);
// every address a name resolves to must be public unicast, checked when the connection is
// made (the socket connects to the very address that was checked, so a DNS answer cannot
// change in between) and again for every redirect; bounded in size, time and redirects.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { Agent } from "undici";
import { env } from "../../env.ts";

export class UrlRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UrlRefusedError";
  }
}

export class UrlFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UrlFetchError";
  }
}

export type FetchLimits = { maxBytes: number; timeoutMs: number; maxRedirects: number };
export const defaultFetchLimits: FetchLimits = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 };

export type FetchedPage = { url: string; contentType: string; body: string };

const textTypes = ["text/html", "application/xhtml+xml", "text/plain"];

type Address = ipaddr.IPv4 | ipaddr.IPv6;

function allowedRanges(): [Address, number][] {
  return env().urlFetchAllowCidrs.map((cidr) => ipaddr.parseCIDR(cidr));
}

const inAllowedRange = (address: Address) => allowedRanges().some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));

// IANA's global unicast space: everything outside it (::/8 with the deprecated IPv4-compatible
// ::a.b.c.d, 64:ff9b::/96, unassigned blocks) is never a public web server.
const globalUnicast = ipaddr.parseCIDR("2000::/3");
const nat64WellKnown = ipaddr.parseCIDR("64:ff9b::/96");

/**
 * Public unicast only, by ipaddr.js's range classification, unless an operator allowed the range
 * (URL_FETCH_ALLOW_CIDRS). Of the IPv6 forms that embed an IPv4 address, two stand for that very
 * address and are judged by it: IPv4-mapped ::ffff:a.b.c.d (a dual-stack socket reaches the IPv4
 * host) and NAT64's well-known prefix 64:ff9b::/96 (DNS64 networks give it for every IPv4-only
 * site). Every other one (IPv4-compatible, IPv4-translated, local NAT64 64:ff9b:1::/48, 6to4,
 * Teredo) is refused unless its IPv6 range itself is allowed.
 */
export function isPermittedAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  if (inAllowedRange(parsed)) return true;
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range === "ipv4Mapped" || (range === "rfc6052" && v6.match(nat64WellKnown))) {
    const embedded = ipaddr.fromByteArray(v6.toByteArray().slice(12)) as ipaddr.IPv4;
    return embedded.range() === "unicast" || inAllowedRange(embedded);
  }
  return range === "unicast" && v6.match(globalUnicast);
}

/**
 * ipaddr.js reads the dotted IPv4-compatible form "::a.b.c.d" (as libuv prints a resolved
 * ::7f00:1) as IPv4-mapped; the URL parser's canonical form "::7f00:1" keeps the two apart.
 * Unparsable (a zone index, say) is undefined, and refused.
 */
function parseAddress(address: string): Address | undefined {
  try {
    return ipaddr.parse(net.isIPv6(address) ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address);
  } catch {
    return undefined;
  }
}

/** Scheme, credentials and literal addresses: what can be refused without a network. */
export function checkUrlShape(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefusedError("is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UrlRefusedError(`uses the ${url.protocol.replace(":", "")} scheme; only http and https are fetched`);
  if (url.username || url.password) throw new UrlRefusedError("must not carry credentials");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !isPermittedAddress(host)) throw new UrlRefusedError("points at a private, loopback or link-local address");
  return url;
}

/** Resolves the host and refuses it unless every address is permitted (a name with one private address is refused). */
export async function checkUrlTarget(raw: string): Promise<URL> {
  const url = checkUrlShape(raw);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) return url;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new UrlRefusedError(`names a host that does not resolve (${host})`);
  }
  if (addresses.length === 0 || addresses.some((a) => !isPermittedAddress(a.address))) {
    throw new UrlRefusedError("resolves to a private, loopback or link-local address");
  }
  return url;
}

// The connection's own lookup (also webhook deliveries'): resolve, refuse unless every address is permitted, connect to the checked one.
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const refused = addresses.length === 0 || addresses.some((a) => !isPermittedAddress(a.address));
    if (refused) return callback(new UrlRefusedError("resolves to a private, loopback or link-local address"), "", 0);
    const family = options.family === 6 || options.family === 4 ? options.family : undefined;
    const usable = family ? addresses.filter((a) => a.family === family) : addresses;
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, usable);
    const first = usable[0]!;
    callback(null, first.address, first.family);
  });
};

/** An undici connection pool whose every connection goes through guardedLookup (for fetch-style clients). */
export const guardedDispatcher = new Agent({ connect: { lookup: guardedLookup } });

/** GETs a page's text, following at most `maxRedirects` redirects, each checked like the first URL. */
export async function fetchPage(raw: string, limits: FetchLimits = defaultFetchLimits): Promise<FetchedPage> {
  const { url, response: res } = await openUrl(raw, {
    timeoutMs: limits.timeoutMs,
    maxRedirects: limits.maxRedirects,
    accept: "text/html,application/xhtml+xml,text/plain;q=0.8",
  });
  const contentType = (res.headers["content-type"] ?? "text/html").toLowerCase();
  const mime = contentType.split(";")[0]!.trim();
  if (!textTypes.includes(mime)) {
    res.destroy();
    throw new UrlFetchError(`the page is ${mime}, not HTML or text`);
  }
  const declared = Number(res.headers["content-length"] ?? 0);
  if (declared > limits.maxBytes) {
    res.destroy();
    throw new UrlFetchError(`the page is larger than ${limits.maxBytes} bytes`);
  }
  const deadline = setTimeout(() => res.destroy(new UrlFetchError(`no answer within ${limits.timeoutMs / 1000} s`)), limits.timeoutMs);
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.maxBytes) {
        res.destroy();
        throw new UrlFetchError(`the page is larger than ${limits.maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
    return { url: url.toString(), contentType: mime, body: decode(Buffer.concat(chunks), contentType) };
  } catch (err) {
    throw err instanceof UrlFetchError || err instanceof UrlRefusedError ? err : new UrlFetchError((err as Error).message);
  } finally {
    clearTimeout(deadline);
  }
}

/**
 * `headers`: more request headers (a feed's If-None-Match and If-Modified-Since); `notModified`:
 * a 304 is answered as a response (its body empty) instead of refused.
 */
export type OpenOptions = { timeoutMs: number; maxRedirects: number; accept: string; headers?: Record<string, string>; notModified?: boolean };

/**
 * GETs a URL SSRF-safe and answers its successful (2xx) response, unread: every redirect is
 * followed only after its target passes the same checks, and each connection goes to an address
 * checked when it was made. `timeoutMs` bounds the wait for the response's headers; reading the
 * body (and bounding it) is the caller's.
 */
export async function openUrl(raw: string, options: OpenOptions): Promise<{ url: URL; response: http.IncomingMessage }> {
  const deadline = Date.now() + options.timeoutMs;
  let url = checkUrlShape(raw);
  for (let hop = 0; ; hop++) {
    const answer = await request(url, options, deadline);
    if ("location" in answer) {
      if (hop >= options.maxRedirects) throw new UrlFetchError(`more than ${options.maxRedirects} redirects`);
      url = checkUrlShape(new URL(answer.location, url).toString());
      continue;
    }
    return { url, response: answer.response };
  }
}

function request(url: URL, options: OpenOptions, deadline: number): Promise<{ location: string } | { response: http.IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    const late = () => new UrlFetchError(`no answer within ${options.timeoutMs / 1000} s`);
    if (remaining <= 0) return reject(late());
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: "GET",
        lookup: guardedLookup,
        // Identity only: a compressed body could expand far beyond the size limit.
        headers: { ...options.headers, "User-Agent": "Posteady/1.0 (+self-hosted)", Accept: options.accept, "Accept-Encoding": "identity" },
        timeout: remaining,
      },
      (res) => {
        clearTimeout(timer);
        const status = res.statusCode ?? 0;
        if ([301, 302, 303, 307, 308].includes(status)) {
          res.resume();
          const location = res.headers.location;
          return location ? resolve({ location }) : reject(new UrlFetchError(`redirect ${status} without a Location`));
        }
        if (status === 304 && options.notModified) {
          req.setTimeout(0);
          return resolve({ response: res });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return reject(new UrlFetchError(`the URL answered HTTP ${status}`));
        }
        // the body's reader sets its own bounds from here
        req.setTimeout(0);
        resolve({ response: res });
      },
    );
    const timer = setTimeout(() => req.destroy(late()), remaining);
    req.on("timeout", () => req.destroy(late()));
    req.on("error", (err) => reject(err instanceof UrlRefusedError || err instanceof UrlFetchError ? err : new UrlFetchError(err.message)));
    req.on("close", () => clearTimeout(timer));
    req.end();
  });
}

function decode(bytes: Buffer, contentType: string): string {
  const charset = /charset=([\w-]+)/.exec(contentType)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}
