// Prisma CLI configuration: the offline recipe of TOOLCHAIN.md (WebAssembly engines, pg driver adapter).
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "prisma-adapter-pg-cli";

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set for the Prisma CLI");
    // A short idle timeout lets the CLI exit as soon as it is done (the pool default keeps it alive 10 s).
    return new PrismaPg({ connectionString, idleTimeoutMillis: 50, allowExitOnIdle: true });
  },
});
