// Adapters in this worker talk to the test sandbox.
import { inject } from "vitest";
import { resetPlatformConfig } from "../platforms/config.ts";

process.env.PLATFORMS = "sandbox";
process.env.SANDBOX_URL = inject("sandboxUrl");
resetPlatformConfig();
