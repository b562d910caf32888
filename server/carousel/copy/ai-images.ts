// Slide illustrations from an OpenAI-compatible images API (imageMode "ai"), one per slide.
import type { SlideCopy } from "../render/index.ts";
import { llmClient, type LlmConfig } from "./llm-writer.ts";

export async function generateSlideImage(config: LlmConfig & { imageModel: string }, slide: SlideCopy, title: string): Promise<Buffer> {
  const prompt = `An illustration without any text for a social media carousel slide about "${title}": ${slide.heading}. ${slide.body}`.slice(0, 1000);
  const result = await llmClient(config).images.generate({ model: config.imageModel, prompt, n: 1, size: "1024x1024", response_format: "b64_json" });
  const b64 = result.data?.[0]?.b64_json;
  if (!b64) throw new Error("the images API answered without an image");
  return Buffer.from(b64, "base64");
}
