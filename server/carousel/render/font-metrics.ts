import { inflateSync } from "node:zlib";

/** Horizontal advance (in em) of the glyph a font maps a code point to; null when unmapped. */
export type AdvanceLookup = { advance: (codePoint: number) => number | null; notdef: number };

/** The sfnt tables of a WOFF 1.0 file (zlib per table) or of a bare TTF/OTF. */
function tables(file: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const woff = file.toString("latin1", 0, 4) === "wOFF";
  const count = file.readUInt16BE(woff ? 12 : 4);
  for (let i = 0; i < count; i++) {
    const at = woff ? 44 + i * 20 : 12 + i * 16;
    const tag = file.toString("latin1", at, at + 4);
    if (woff) {
      const offset = file.readUInt32BE(at + 4);
      const compLength = file.readUInt32BE(at + 8);
      const origLength = file.readUInt32BE(at + 12);
      const data = file.subarray(offset, offset + compLength);
      out.set(tag, compLength < origLength ? inflateSync(data) : data);
    } else {
      const offset = file.readUInt32BE(at + 8);
      out.set(tag, file.subarray(offset, offset + file.readUInt32BE(at + 12)));
    }
  }
  return out;
}

type CharToGlyph = (cp: number) => number;

function format4(t: Buffer, base: number): CharToGlyph {
  const segCount = t.readUInt16BE(base + 6) / 2;
  const ends = base + 14;
  const starts = ends + segCount * 2 + 2;
  const deltas = starts + segCount * 2;
  const rangeOffsets = deltas + segCount * 2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let s = 0; s < segCount; s++) {
      if (cp > t.readUInt16BE(ends + s * 2)) continue;
      const start = t.readUInt16BE(starts + s * 2);
      if (cp < start) return 0;
      const delta = t.readUInt16BE(deltas + s * 2);
      const rangeOffset = t.readUInt16BE(rangeOffsets + s * 2);
      if (rangeOffset === 0) return (cp + delta) & 0xffff;
      const glyph = t.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (cp - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

function format12(t: Buffer, base: number): CharToGlyph {
  const groups = t.readUInt32BE(base + 12);
  return (cp) => {
    for (let g = 0; g < groups; g++) {
      const at = base + 16 + g * 12;
      const start = t.readUInt32BE(at);
      if (cp >= start && cp <= t.readUInt32BE(at + 4)) return t.readUInt32BE(at + 8) + (cp - start);
    }
    return 0;
  };
}

function charToGlyph(cmap: Buffer): CharToGlyph {
  const subtables = new Map<number, number>();
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const at = 4 + i * 8;
    const offset = cmap.readUInt32BE(at + 4);
    subtables.set(cmap.readUInt16BE(offset), offset);
  }
  const f12 = subtables.get(12);
  if (f12 !== undefined) return format12(cmap, f12);
  const f4 = subtables.get(4);
  if (f4 !== undefined) return format4(cmap, f4);
  throw new Error("font has no usable cmap subtable (format 4 or 12)");
}

export function readAdvances(file: Buffer): AdvanceLookup {
  const t = tables(file);
  const [head, hhea, hmtx, cmap] = ["head", "hhea", "hmtx", "cmap"].map((tag) => {
    const table = t.get(tag);
    if (!table) throw new Error(`font lacks the ${tag} table`);
    return table;
  }) as [Buffer, Buffer, Buffer, Buffer];
  const unitsPerEm = head.readUInt16BE(18);
  const metrics = hhea.readUInt16BE(34);
  const advanceOf = (glyph: number) => hmtx.readUInt16BE(Math.min(glyph, metrics - 1) * 4) / unitsPerEm;
  const lookup = charToGlyph(cmap);
  return {
    advance: (cp) => {
      const glyph = lookup(cp);
      return glyph === 0 ? null : advanceOf(glyph);
    },
    notdef: advanceOf(0),
  };
}
