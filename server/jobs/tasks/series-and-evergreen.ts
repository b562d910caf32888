import type { Task } from "graphile-worker";
import { extendSeries } from "../../domain/post-groups/extend-series.ts";
import { fillEvergreen } from "../../domain/queue/fill-evergreen.ts";

export const extendSeriesTask: Task = async (_payload, helpers) => {
  const added = await extendSeries();
  if (added > 0) helpers.logger.info(`recurring posts: ${added} occurrence(s) scheduled`);
};

export const fillEvergreenTask: Task = async (_payload, helpers) => {
  const added = await fillEvergreen();
  if (added > 0) helpers.logger.info(`evergreen: ${added} post(s) put in free slots`);
};
