// Rendering a component into linkedom's document and acting on it as a person would, by the
// names people see (label elements), for the `render` vitest project (*.render.test.tsx).
import { document, window } from "./dom-env";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";

const roots: Root[] = [];

export async function render(node: ReactNode): Promise<HTMLElement> {
  const container = document.createElement("div");
  document.body.appendChild(container);
  const root = createRoot(container);
  roots.push(root);
  await act(async () => root.render(node));
  return container as unknown as HTMLElement;
}

export async function cleanup() {
  for (const root of roots.splice(0)) await act(async () => root.unmount());
  document.body.innerHTML = "";
}

/** A label's own words, element by element: its text without the options of a select it wraps. */
function labelWords(label: Element): string {
  const words: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) words.push(node.textContent ?? "");
    else if (!["SELECT", "TEXTAREA"].includes((node as Element).tagName)) node.childNodes.forEach(walk);
  };
  walk(label);
  return words.join(" ").replace(/\s+/g, " ").trim();
}

/**
 * The control a <label> element names: by `for`, or the one inside it. The label's words must
 * be `name`, or begin with it followed by a hint (as a checkbox's label does).
 */
export function byLabel(container: Element, name: string): HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement {
  const labels = [...container.querySelectorAll("label")];
  const label = labels.find((l) => labelWords(l) === name) ?? labels.find((l) => labelWords(l).startsWith(`${name} `));
  if (!label) throw new Error(`no label "${name}" among: ${labels.map(labelWords).join(" | ")}`);
  const forId = label.getAttribute("for");
  const control = forId ? container.querySelector(`#${CSS_escape(forId)}`) : label.querySelector("input, select, textarea");
  if (!control) throw new Error(`the label "${name}" names no control`);
  return control as never;
}

// useId's ids hold colons («r0»): escape them for querySelector
const CSS_escape = (id: string) => id.replace(/([^\w-])/g, "\\$1");

const setProperty = (el: Element, key: "value" | "checked", value: unknown) => {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), key)?.set;
  if (setter) setter.call(el, value);
  else (el as unknown as Record<string, unknown>)[key] = value;
};

/** Types into a text field (React's onChange listens to `input`). */
export async function fill(el: Element, value: string) {
  await act(async () => {
    setProperty(el, "value", value);
    el.dispatchEvent(new window.Event("input", { bubbles: true }));
  });
}

/** Chooses an option of a select by its value. */
export async function choose(el: HTMLSelectElement, value: string) {
  await act(async () => {
    for (const option of el.querySelectorAll("option")) {
      if (option.getAttribute("value") === value) option.setAttribute("selected", "");
      else option.removeAttribute("selected");
    }
    // linkedom's select has no value setter: its value is its selected option's
    if (Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), "value")?.set) setProperty(el, "value", value);
    el.dispatchEvent(new window.Event("change", { bubbles: true }));
  });
}

/** Ticks or unticks a checkbox (React's onChange of a checkbox listens to `click`). */
export async function setChecked(el: HTMLInputElement, checked: boolean) {
  await act(async () => {
    setProperty(el, "checked", checked);
    el.dispatchEvent(new window.Event("click", { bubbles: true }));
  });
}
