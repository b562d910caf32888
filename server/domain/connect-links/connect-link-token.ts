// A connect link's secret: 32 random bytes in base64url, in the URL only. The database keeps its
// SHA-256 (the token has enough entropy that a slow hash adds nothing but latency), so a leaked
// table opens no link.
import crypto from "node:crypto";
import { env } from "../../env.ts";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newConnectLinkToken = () => crypto.randomBytes(32).toString("base64url");

export const hashConnectLinkToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export const isWellFormedConnectLinkToken = (token: string) => TOKEN_PATTERN.test(token);

export const connectLinkUrl = (token: string) => `${env().publicUrl}/connect/${token}`;
