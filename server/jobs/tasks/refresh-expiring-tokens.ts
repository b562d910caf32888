import type { Task } from "graphile-worker";
import { refreshExpiringTokens } from "../../domain/accounts/refresh-expiring-tokens.ts";

export const refreshExpiringTokensTask: Task = async (_payload, helpers) => {
  const result = await refreshExpiringTokens();
  if (result.refreshed + result.flagged + result.failed > 0) helpers.logger.info(`tokens: ${JSON.stringify(result)}`);
};
