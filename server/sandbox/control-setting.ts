// An app setting of the sandbox that tests and demos change at run time (an X app's enrolment, a
// TikTok app's audit, a Meta app's mode): `GET /_sandbox/<name>` answers it, `PUT` replaces it
// (422 with the issues when the body does not fit its schema).
import type { Hono } from "hono";
import type { z } from "zod";
import type { Env } from "./kit.ts";

/** Registers the setting's control routes; answers a reader of its current value. */
export function controlSetting<S extends z.ZodType>(app: Hono<Env>, name: string, schema: S, initial: z.output<S>, onChange?: () => void): () => z.output<S> {
  let value = initial;
  app.get(`/_sandbox/${name}`, (c) => c.json(value));
  app.put(`/_sandbox/${name}`, async (c) => {
    const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: parsed.error.issues }, 422);
    value = parsed.data;
    onChange?.();
    return c.json(value);
  });
  return () => value;
}
