// Benchmark: carousel slide rendering (satori → resvg → sharp JPEG), per aspect ratio:
// the first (cold) render of the process, then average and p95 over warm renders, and one
// whole 10-slide carousel. Run: npx tsx bench/carousel-render.ts
import sharp from "sharp";
import { builtinTemplates, renderPreview, renderSlide, sampleCopy, type AspectRatio, type BrandMark } from "../server/carousel/render/index.ts";

const RUNS = 20;
const logo = await sharp({ create: { width: 256, height: 256, channels: 4, background: "#2563eb" } })
  .png()
  .toBuffer();
const brand: BrandMark = { name: "Posteady Studio", logo };
const copy = sampleCopy(10);
const ms = (start: number) => performance.now() - start;
const fmt = (n: number) => n.toFixed(1).padStart(7);

const templateFor = (ratio: AspectRatio) => {
  const template = builtinTemplates.find((t) => t.aspectRatio === ratio);
  if (!template) throw new Error(`no template for ${ratio}`);
  return template;
};

let start = performance.now();
await renderSlide({ design: templateFor("4:5").design, slide: copy[1]!, index: 1, total: copy.length, brand });
console.log(`cold first render (4:5, fonts + wasm init): ${ms(start).toFixed(0)} ms`);

// CPU time (all threads of the process) is reported next to wall time: on a busy machine the
// wall time mostly measures the neighbours.
console.log(`\nratio   template           avg ms   p95 ms   cpu ms/slide   (${RUNS} warm renders, kinds rotate)`);
for (const ratio of ["1:1", "4:5", "9:16"] as const) {
  const { design, key } = templateFor(ratio);
  for (let i = 0; i < 3; i++) await renderSlide({ design, slide: copy[i]!, index: i, total: copy.length, brand });
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const index = i % copy.length;
    start = performance.now();
    await renderSlide({ design, slide: copy[index]!, index, total: copy.length, brand });
    times.push(ms(start));
  }
  const { user, system } = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const avg = times.reduce((a, b) => a + b, 0) / times.length;
  const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
  console.log(`${ratio.padEnd(7)} ${key.padEnd(16)} ${fmt(avg)}  ${fmt(p95)}  ${fmt((user + system) / 1000 / RUNS)}`);
}

const carousel = templateFor("4:5").design;
start = performance.now();
for (const [index, slide] of copy.entries()) await renderSlide({ design: carousel, slide, index, total: copy.length, brand });
console.log(`\n10-slide 4:5 carousel, sequential: ${ms(start).toFixed(0)} ms`);
start = performance.now();
await Promise.all(copy.map((slide, index) => renderSlide({ design: carousel, slide, index, total: copy.length, brand })));
console.log(`10-slide 4:5 carousel, Promise.all: ${ms(start).toFixed(0)} ms`);

start = performance.now();
for (const t of builtinTemplates) await renderPreview(t.design, brand);
console.log(`previews of ${builtinTemplates.length} templates (540 px): ${(ms(start) / builtinTemplates.length).toFixed(1)} ms each`);
