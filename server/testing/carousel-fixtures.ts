// Carousels through the API, as a client uses them: create, then poll to the end.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { api } from "./fixtures.ts";

export const rid = () => crypto.randomUUID();

export const sampleText = [
  "Remote work changed how teams communicate. Most companies moved meetings online within weeks, and many never moved them back.",
  "Asynchronous writing became the main way to share decisions: a clear document beats a meeting nobody remembers.",
  "Teams that write well ship faster, because context survives turnover. Time zones are a feature, not a bug, when handoffs are documented.",
  "The hardest part is trust; managers must judge outcomes rather than hours online.",
  "Tools matter less than habits: a shared calendar, a decision log and a weekly written update cover most needs.",
  "Finally, in-person time still matters, so budget for it deliberately.",
].join(" ");

export const createCarousel = (key: string, body: Record<string, unknown>) => api(key)("POST", "/api/v1/carousels", { body: { requestId: rid(), ...body } });

export async function waitForCarousel(key: string, carouselId: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(key)("GET", `/api/v1/carousels/${carouselId}`);
    expect(res.status).toBe(200);
    if (res.json.status === "completed" || res.json.status === "failed") return res.json;
    if (Date.now() > deadline) throw new Error(`carousel ${carouselId} still ${res.json.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Page = { status?: number; type?: string; body?: string | Buffer; location?: string };

/** Pages served on 127.0.0.2 (the one private address the test stack lets the fetcher reach). */
export async function servePages(pages: Record<string, Page | ((res: http.ServerResponse) => void)>) {
  const server = http.createServer((req, res) => {
    const page = pages[(req.url ?? "/").split("?")[0]!];
    if (!page) return res.writeHead(404).end();
    if (typeof page === "function") return page(res);
    res.writeHead(page.status ?? 200, { "Content-Type": page.type ?? "text/html; charset=utf-8", ...(page.location ? { Location: page.location } : {}) });
    res.end(page.body ?? "");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.2", r));
  const { port } = server.address() as AddressInfo;
  return { url: (path: string) => `http://127.0.0.2:${port}${path}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export function articleHtml(paragraphs: string[]) {
  return `<!doctype html><html><head><title>Working remotely</title></head><body>
    <nav><a href="/">Home</a> <a href="/about">About</a></nav>
    <article><h1>Working remotely, five years on</h1>${paragraphs.map((p) => `<p>${p}</p>`).join("")}</article>
    <footer>© Example</footer></body></html>`;
}
