import type { Task } from "graphile-worker";
import { expireUploads } from "../../domain/media/expire-uploads.ts";

export const expireUploadsTask: Task = async (_payload, helpers) => {
  const result = await expireUploads();
  if (result.expired + result.swept > 0) helpers.logger.info(`uploads: ${JSON.stringify(result)}`);
};
