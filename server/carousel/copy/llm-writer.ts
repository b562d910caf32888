// Copy from an OpenAI-compatible chat API (OpenAI, or any server that speaks its protocol:
// vLLM, Ollama, LM Studio, the sandbox's), asked for structured output with a JSON schema and
// checked against the same schema on the way back.
import OpenAI from "openai";
import { z } from "zod";
import { carouselCopySchema, checkCopyShape, type CarouselCopy, type CopyRequest } from "./copy-types.ts";

export type LlmConfig = { baseUrl: string; apiKey: string; model: string; imageModel: string | null };

export function llmClient(config: LlmConfig): OpenAI {
  // A stated timeout and one retry: generation is a background job with its own failure path.
  return new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey || "none", timeout: 60_000, maxRetries: 1 });
}

const responseSchema = z.toJSONSchema(carouselCopySchema, { target: "draft-7" });

export function copyPrompt(request: CopyRequest): string {
  const { source } = request;
  const what = source.kind === "topic" ? "Topic" : source.kind === "url" ? "Article" : "Text";
  return [
    `Slides: ${request.slideCount}`,
    `Language: ${request.language}`,
    `Source kind: ${source.kind}`,
    ...(source.title ? [`Title: ${source.title}`] : []),
    `${what}:`,
    source.content,
  ].join("\n");
}

const system = [
  "You write social media image carousels.",
  "Answer with JSON only, matching the given schema.",
  'Exactly the requested number of slides: slide 1 is a hook (kind "hook": a short, striking heading), then one idea per slide (kind "body": heading of at most 9 words, body of at most 40 words), and the last slide is a call to action (kind "cta").',
  "Write in the requested language. Keep facts from the source; do not invent numbers.",
  "title: a short title for the carousel; caption: a post caption of at most 2 sentences followed by up to 3 hashtags.",
].join(" ");

export async function writeLlmCopy(config: LlmConfig, request: CopyRequest): Promise<CarouselCopy> {
  const completion = await llmClient(config).chat.completions.create({
    model: config.model,
    temperature: 0.4,
    messages: [
      { role: "system", content: system },
      { role: "user", content: copyPrompt(request) },
    ],
    response_format: { type: "json_schema", json_schema: { name: "carousel_copy", strict: true, schema: responseSchema as Record<string, unknown> } },
  });
  const content = completion.choices[0]?.message?.content;
  if (!content) throw new Error("the language model answered without content");
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new Error("the language model did not answer JSON");
  }
  return checkCopyShape(carouselCopySchema.parse(parsed), request.slideCount);
}
