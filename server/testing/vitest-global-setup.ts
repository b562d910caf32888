import type { TestProject } from "vitest/node";
import { startTestStack } from "./test-stack.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    dataDir: string;
    sandboxUrl: string;
    mailDir: string;
    smtpUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startTestStack("vitest");
  project.provide("baseUrl", stack.baseUrl);
  project.provide("databaseUrl", stack.databaseUrl);
  project.provide("dataDir", stack.dataDir);
  project.provide("sandboxUrl", stack.sandboxUrl);
  project.provide("mailDir", stack.mailDir);
  project.provide("smtpUrl", process.env.SMTP_URL!);
  return () => stack.stop();
}
