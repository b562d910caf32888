import type { CSSProperties, ReactNode } from "react";

// Satori takes plain React-element-shaped objects; building them directly keeps
// the renderer free of a JSX runtime and lets layouts stay plain functions.
export type El = { type: string; key: string | null; props: Record<string, unknown> };
export type Child = El | string | null | undefined | false | Child[];

const flatten = (child: Child): Array<El | string> =>
  Array.isArray(child) ? child.flatMap(flatten) : child === null || child === undefined || child === false ? [] : [child];

export function h(type: string, style: CSSProperties, children?: Child, attrs: Record<string, unknown> = {}): El {
  const kids = flatten(children);
  return {
    type,
    key: typeof attrs.key === "string" ? attrs.key : null,
    props: { ...attrs, style, children: kids.length === 1 && typeof kids[0] === "string" ? kids[0] : kids },
  };
}

export const asNode = (el: El) => el as unknown as ReactNode;

/** An absolutely positioned box, the building block of every layout. */
export function at(box: { x: number; y: number; w: number; h: number }, style: CSSProperties, children?: Child, attrs?: Record<string, unknown>): El {
  return h("div", { position: "absolute", left: box.x, top: box.y, width: box.w, height: box.h, display: "flex", ...style }, children, attrs);
}
