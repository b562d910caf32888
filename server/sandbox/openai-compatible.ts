// An OpenAI-compatible API in the sandbox, for carousel copy and images without a network:
// the Chat Completions and Images endpoints with OpenAI's request and answer shapes and errors.
//   POST /openai/v1/chat/completions   structured output (response_format json_schema) → the copy as JSON
//   POST /openai/v1/images/generations b64_json PNG illustrations
//   GET  /openai/v1/models
//   GET  /_sandbox/llm/requests        the requests received (model, response_format, prompt), newest last
// The model "sandbox-error" answers 500, for the failure path. Point LLM_BASE_URL at
// <sandbox>/openai/v1 to use it.
import crypto from "node:crypto";
import type { Context, Hono } from "hono";
import sharp from "sharp";
import { writeBuiltinCopy } from "../carousel/copy/builtin-writer.ts";
import type { SourceKind } from "../carousel/copy/copy-types.ts";
import type { Env } from "./kit.ts";

type Received = { endpoint: string; model: string; responseFormat: string | null; prompt: string };
const MAX_LOG = 200;

function openAiError(c: Context<Env>, status: 400 | 401 | 500, message: string, type: string, code: string | null) {
  return c.json({ error: { message, type, param: null, code } }, status);
}

/** Reads the prompt our writer sends (see copyPrompt): the numbers, the source kind and the text. */
function parsePrompt(prompt: string) {
  const field = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(prompt)?.[1]?.trim();
  const body = /^(?:Topic|Text|Article):\n([\s\S]*)$/m.exec(prompt)?.[1] ?? prompt;
  const kind = (field("Source kind") ?? "text") as SourceKind;
  return { slideCount: Number(field("Slides") ?? 5), language: field("Language") ?? "en", kind, title: field("Title"), content: body.trim() };
}

export function registerOpenAiCompatible(app: Hono<Env>) {
  const received: Received[] = [];
  const remember = (r: Received) => {
    received.push(r);
    if (received.length > MAX_LOG) received.shift();
  };
  const authorized = (c: Context<Env>) => /^Bearer \S+/.test(c.req.header("authorization") ?? "");

  app.get("/openai/v1/models", (c) => {
    if (!authorized(c)) return openAiError(c, 401, "You didn't provide an API key.", "invalid_request_error", "invalid_api_key");
    return c.json({ object: "list", data: [{ id: "sandbox-writer", object: "model", created: 1_760_000_000, owned_by: "sandbox" }] });
  });

  app.post("/openai/v1/chat/completions", async (c) => {
    if (!authorized(c)) return openAiError(c, 401, "You didn't provide an API key.", "invalid_request_error", "invalid_api_key");
    const body = (await c.req.json().catch(() => null)) as {
      model?: string;
      messages?: { role: string; content: string }[];
      response_format?: { type: string; json_schema?: { name: string } };
    } | null;
    if (!body?.model || !Array.isArray(body.messages) || body.messages.length === 0)
      return openAiError(c, 400, "model and messages are required", "invalid_request_error", null);
    const prompt = body.messages.filter((m) => m.role === "user").at(-1)?.content ?? "";
    remember({
      endpoint: "chat.completions",
      model: body.model,
      responseFormat: body.response_format?.json_schema?.name ?? body.response_format?.type ?? null,
      prompt,
    });
    if (body.model === "sandbox-error") return openAiError(c, 500, "The server had an error while processing your request.", "server_error", null);
    const p = parsePrompt(prompt);
    const copy = writeBuiltinCopy({ source: { kind: p.kind, content: p.content, title: p.title }, slideCount: p.slideCount, language: p.language });
    const content =
      body.response_format?.type === "json_schema" || body.response_format?.type === "json_object"
        ? JSON.stringify(copy)
        : copy.slides.map((s) => `${s.heading}\n${s.body}`).join("\n\n");
    return c.json({
      id: `chatcmpl-${crypto.randomUUID()}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
      usage: {
        prompt_tokens: Math.ceil(prompt.length / 4),
        completion_tokens: Math.ceil(content.length / 4),
        total_tokens: Math.ceil((prompt.length + content.length) / 4),
      },
    });
  });

  app.post("/openai/v1/images/generations", async (c) => {
    if (!authorized(c)) return openAiError(c, 401, "You didn't provide an API key.", "invalid_request_error", "invalid_api_key");
    const body = (await c.req.json().catch(() => null)) as { model?: string; prompt?: string; size?: string; n?: number } | null;
    if (!body?.prompt) return openAiError(c, 400, "prompt is required", "invalid_request_error", null);
    remember({ endpoint: "images.generations", model: body.model ?? "", responseFormat: null, prompt: body.prompt });
    if (body.model === "sandbox-error") return openAiError(c, 500, "The server had an error while processing your request.", "server_error", null);
    const [w, h] = (body.size ?? "1024x1024").split("x").map(Number) as [number, number];
    // An abstract picture that depends on the prompt: two colours and a circle from its hash.
    const hash = crypto.createHash("sha256").update(body.prompt).digest();
    const colour = (o: number) => `#${hash.subarray(o, o + 3).toString("hex")}`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour(0)}"/><stop offset="1" stop-color="${colour(3)}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${(hash[6]! / 255) * w}" cy="${(hash[7]! / 255) * h}" r="${w / 4}" fill="${colour(8)}" fill-opacity="0.6"/></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    return c.json({
      created: Math.floor(Date.now() / 1000),
      data: Array.from({ length: Math.max(1, Math.min(body.n ?? 1, 4)) }, () => ({ b64_json: png.toString("base64"), revised_prompt: body.prompt })),
    });
  });

  app.get("/_sandbox/llm/requests", (c) => c.json({ requests: received }));
}
