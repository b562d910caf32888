// Each test worker talks to the test stack's database (never the developer's DATABASE_URL).
import { inject } from "vitest";
import { resetEnv } from "../env.ts";
import { resetPlatformConfig } from "../platforms/config.ts";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATA_DIR = inject("dataDir");
process.env.POSTEADY_EMBEDDED_DATABASE = "1";
process.env.PUBLIC_URL = inject("baseUrl");
process.env.PLATFORMS = "sandbox";
process.env.SANDBOX_URL = inject("sandboxUrl");
process.env.SMTP_URL = inject("smtpUrl");
resetEnv();
resetPlatformConfig();
