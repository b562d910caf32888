// Colour emoji for slides: satori draws the outlines of font glyphs only (a colour font's
// layers come out as boxes), so emoji are placed as pictures. The pictures are Google's Noto
// Emoji artwork from the Iconify set, read once per process and only when a slide has an emoji.
import { readFileSync } from "node:fs";
import path from "node:path";
import { packageDir } from "./fonts.ts";

type Icon = { body?: string; parent?: string; width?: number; height?: number };

const PACKAGE = "@iconify-json/noto";
const SIZE = 128; // the set's default viewBox (icons.json "width"/"height")
let chars: Record<string, string> | null = null;
let icons: Buffer | null = null;
const dataUris = new Map<string, string | null>();

const readFile = (file: string) => readFileSync(path.join(packageDir(PACKAGE, "info.json"), file));

/**
 * One entry of icons.json (`"name": {...}`, an icon or an alias), cut out of the raw file and
 * parsed alone: parsing the whole 25 MB set costs about a second, finding one entry a few ms.
 */
function iconEntry(name: string): Icon | null {
  icons ??= readFile("icons.json");
  const key = `${JSON.stringify(name)}:`;
  const at = icons.indexOf(key);
  if (at < 0) return null;
  const start = icons.indexOf("{", at);
  if (
    icons
      .subarray(at + key.length, start)
      .toString()
      .trim() !== ""
  )
    return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < icons.length; i++) {
    const c = icons[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b) depth++;
    else if (c === 0x7d && --depth === 0) return JSON.parse(icons.toString("utf8", start, i + 1)) as Icon;
  }
  return null;
}

// A cluster is shown as emoji (not as a text glyph) when Unicode says it defaults to emoji
// presentation, or it asks for it (VS16), or it is a sequence (ZWJ, skin tone, flag).
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}|\uFE0F|\u200D|\p{Emoji_Modifier}|\p{Regional_Indicator}/u;

export const looksLikeEmoji = (cluster: string) => EMOJI_PRESENTATION.test(cluster) && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(cluster);

/** The cluster's Noto Emoji picture as an SVG data URI, or null when the set has none. */
export function emojiImage(cluster: string): string | null {
  const cached = dataUris.get(cluster);
  if (cached !== undefined) return cached;
  let uri: string | null = null;
  if (looksLikeEmoji(cluster)) {
    chars ??= JSON.parse(readFile("chars.json").toString("utf8")) as Record<string, string>;
    // The set's keys are code points in hex without the VS16 selector.
    const key = [...cluster]
      .map((c) => c.codePointAt(0)!)
      .filter((cp) => cp !== 0xfe0f)
      .map((cp) => cp.toString(16))
      .join("-");
    const name = chars[key];
    let icon = name ? iconEntry(name) : null;
    if (icon?.parent) icon = iconEntry(icon.parent);
    if (icon?.body) {
      const w = icon.width ?? SIZE;
      const h = icon.height ?? SIZE;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${icon.body}</svg>`;
      uri = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
    }
  }
  dataUris.set(cluster, uri);
  return uri;
}
