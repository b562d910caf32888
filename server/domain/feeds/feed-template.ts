// A feed's template: the text each new item becomes. Placeholders are checked when the feed is
// added; at item time, a text too long for an account is shortened (the summary first, then the
// title, at a word boundary with "…"), never the link or the template's own words, because a
// post with a cut link or a cut call to action is worse than one with a shorter title.
import { fieldError } from "../../errors.ts";
import { PLACEHOLDERS, type Placeholder } from "./feed-placeholders.ts";

export { DEFAULT_TEMPLATE, PLACEHOLDERS } from "./feed-placeholders.ts";
export type ItemFields = Record<Placeholder, string>;

const placeholderPattern = /\{([^{}]*)\}/g;

/** 422 naming `template` for an empty template or an unknown placeholder. */
export function checkTemplate(template: string): void {
  if (template.trim() === "") throw fieldError("template", "must not be empty", "too_small");
  for (const match of template.matchAll(placeholderPattern)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(match[1]!)) {
      throw fieldError("template", `has an unknown placeholder {${match[1]}}; use ${PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`, "unknown_placeholder");
    }
  }
}

/** The template with the item's fields; the gaps an empty field leaves are closed. */
export function renderTemplate(template: string, fields: ItemFields): string {
  return template
    .replace(placeholderPattern, (_, name: Placeholder) => fields[name] ?? "")
    .split("\n")
    .map((line) => line.replace(/[ \t]{2,}/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** `text` cut to `keep` code points, back to the last word boundary when one is near, with "…". */
export function shorten(text: string, keep: number): string {
  const chars = [...text];
  if (chars.length <= keep) return text;
  if (keep <= 0) return "";
  let cut = chars.slice(0, keep).join("");
  const space = cut.search(/\s\S*$/);
  if (space > keep / 2) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.–—-]+$/, "")}…`;
}

export type Fitted = { text: string; shortened: boolean } | { error: string };

/**
 * The rendered text, shortened until `fits` accepts it: the summary first, then the title, each
 * to the longest length that fits (a binary search; `fits` is the platform's own check).
 */
export function fitTemplate(template: string, fields: ItemFields, fits: (text: string) => boolean): Fitted {
  const full = renderTemplate(template, fields);
  if (fits(full)) return { text: full, shortened: false };
  let current = { ...fields };
  for (const key of ["summary", "title"] as const) {
    const value = current[key];
    if (!value) continue;
    const tryLength = (n: number) => renderTemplate(template, { ...current, [key]: shorten(value, n) });
    if (!fits(tryLength(0))) {
      // even without this field it is too long: drop it and shorten the next
      current = { ...current, [key]: "" };
      continue;
    }
    let low = 0;
    let high = [...value].length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fits(tryLength(mid))) low = mid;
      else high = mid - 1;
    }
    if (key === "title" && low === 0) break; // a post without any of its title is not what was asked for
    return { text: tryLength(low), shortened: true };
  }
  return { error: "is too long for this account even with the title and summary shortened; shorten the template" };
}
