// A document for component tests (the `render` vitest project), from linkedom (already a
// dependency): no browser, no jsdom. Imported before react-dom, which reads at load time whether
// a DOM is there and whether it fires `input` events (React's onChange of text fields needs both).
import { parseHTML } from "linkedom";

const { window, document } = parseHTML("<!doctype html><html><body></body></html>");
// linkedom leaves these out; React reads them
Object.assign(document, { oninput: null });
Object.assign(window, { location: new URL("http://localhost/") });
// an <input> without a type attribute is a text field (linkedom answers null)
Object.defineProperty(window.HTMLInputElement.prototype, "type", {
  get(this: Element) {
    return this.getAttribute("type") ?? "text";
  },
  set(this: Element, value: string) {
    this.setAttribute("type", value);
  },
});
Object.assign(globalThis, {
  window,
  document,
  HTMLElement: window.HTMLElement,
  Node: window.Node,
  Event: window.Event,
  IS_REACT_ACT_ENVIRONMENT: true,
});
// Node 20 has no navigator; newer Node defines one as a getter
if (!("navigator" in globalThis)) Object.defineProperty(globalThis, "navigator", { value: { userAgent: "node" }, configurable: true });

export { document, window };
