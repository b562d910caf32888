// The SSRF address check, form by form: no network, only the URL as a user would type it.
import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "../../env.ts";
import { checkUrlShape, isPermittedAddress, UrlRefusedError } from "./safe-fetch.ts";

// [host as written in the URL, expected]
const forms: [string, "refused" | "allowed"][] = [
  // IPv4 special ranges
  ["127.0.0.1", "refused"],
  ["127.1.2.3", "refused"],
  ["0.0.0.0", "refused"],
  ["10.0.0.1", "refused"],
  ["172.16.0.1", "refused"],
  ["192.168.1.1", "refused"],
  ["169.254.169.254", "refused"],
  ["100.64.0.1", "refused"],
  ["192.0.2.1", "refused"],
  ["198.18.0.1", "refused"],
  ["224.0.0.1", "refused"],
  ["240.0.0.1", "refused"],
  ["255.255.255.255", "refused"],
  // IPv4 written the legacy ways the URL parser accepts
  ["2130706433", "refused"],
  ["0x7f.1", "refused"],
  ["0177.0.0.1", "refused"],
  // IPv6 special ranges
  ["[::1]", "refused"],
  ["[::]", "refused"],
  ["[fe80::1]", "refused"],
  ["[fc00::1]", "refused"],
  ["[fd12:3456::1]", "refused"],
  ["[fec0::1]", "refused"],
  ["[ff02::1]", "refused"],
  ["[100::1]", "refused"],
  ["[2001:db8::1]", "refused"],
  ["[3fff::1]", "refused"],
  ["[2001:10::1]", "refused"],
  ["[5f00::1]", "refused"],
  // IPv6 forms that embed an IPv4 address
  ["[::127.0.0.1]", "refused"], // IPv4-compatible, the form of the report (the URL makes it ::7f00:1)
  ["[::7f00:1]", "refused"],
  ["[::10.0.0.1]", "refused"],
  ["[::8.8.8.8]", "refused"], // IPv4-compatible is deprecated and never a web server, even public
  ["[::ffff:127.0.0.1]", "refused"], // IPv4-mapped
  ["[::ffff:7f00:1]", "refused"],
  ["[::ffff:169.254.169.254]", "refused"],
  ["[::ffff:0:127.0.0.1]", "refused"], // IPv4-translated (RFC 6145)
  ["[::ffff:0:8.8.8.8]", "refused"],
  ["[2002:7f00:1::]", "refused"], // 6to4 of 127.0.0.1
  ["[2002:a00:1::1]", "refused"], // 6to4 of 10.0.0.1
  ["[2002:808:808::1]", "refused"], // 6to4 of a public address: a relay we do not choose
  ["[64:ff9b::127.0.0.1]", "refused"], // NAT64 well-known prefix
  ["[64:ff9b::a9fe:a9fe]", "refused"],
  ["[64:ff9b:1::7f00:1]", "refused"], // local-use NAT64 (RFC 8215)
  ["[64:ff9b:1::808:808]", "refused"],
  ["[2001::7f00:1]", "refused"], // Teredo
  ["[2001:0:4136:e378:8000:63bf:80ff:fffe]", "refused"], // Teredo whose client is 127.0.0.1 (obfuscated)
  // public unicast passes
  ["8.8.8.8", "allowed"],
  ["93.184.215.14", "allowed"],
  ["[2606:4700:4700::1111]", "allowed"],
  ["[2001:4860:4860::8888]", "allowed"],
  ["[::ffff:8.8.8.8]", "allowed"], // IPv4-mapped of a public address is that address
  ["[64:ff9b::8.8.8.8]", "allowed"], // DNS64 networks give this for every IPv4-only site
  ["example.com", "allowed"], // names are checked when resolved (checkUrlTarget, the connection's lookup)
];

const outcome = (host: string) => {
  try {
    checkUrlShape(`http://${host}/path`);
    return "allowed";
  } catch (err) {
    if (err instanceof UrlRefusedError) return "refused";
    throw err;
  }
};

afterEach(() => {
  delete process.env.URL_FETCH_ALLOW_CIDRS;
  resetEnv();
});

describe("the carousel URL address check", () => {
  it.each(forms)("%s is %s", (host, expected) => {
    delete process.env.URL_FETCH_ALLOW_CIDRS;
    resetEnv();
    expect(outcome(host)).toBe(expected);
  });

  it("lets URL_FETCH_ALLOW_CIDRS open a range on purpose, for an IPv4 address and the IPv6 forms that stand for it", () => {
    process.env.URL_FETCH_ALLOW_CIDRS = "10.1.0.0/16, fd00:1::/32";
    resetEnv();
    expect(outcome("10.1.2.3")).toBe("allowed");
    expect(outcome("[::ffff:10.1.2.3]")).toBe("allowed");
    expect(outcome("[64:ff9b::10.1.2.3]")).toBe("allowed");
    expect(outcome("[fd00:1::5]")).toBe("allowed");
    // the tunnelling forms stay refused: allowing 10.1.0.0/16 does not open 6to4 or IPv4-compatible
    expect(outcome("[2002:a01:203::1]")).toBe("refused");
    expect(outcome("[::10.1.2.3]")).toBe("refused");
    // outside the allowed ranges nothing changed
    expect(outcome("10.2.0.1")).toBe("refused");
    expect(outcome("127.0.0.1")).toBe("refused");
  });

  it("judges resolved addresses the same way (the connection's lookup answers these strings)", () => {
    expect(isPermittedAddress("::7f00:1")).toBe(false);
    // libuv prints an IPv4-compatible answer dotted; it stays IPv4-compatible, never mapped
    expect(isPermittedAddress("::127.0.0.1")).toBe(false);
    expect(isPermittedAddress("::8.8.8.8")).toBe(false);
    expect(isPermittedAddress("::ffff:8.8.8.8")).toBe(true);
    expect(isPermittedAddress("fe80::1%eth0")).toBe(false);
    expect(isPermittedAddress("::ffff:127.0.0.1")).toBe(false);
    expect(isPermittedAddress("2606:4700:4700::1111")).toBe(true);
    expect(isPermittedAddress("8.8.8.8")).toBe(true);
  });
});
