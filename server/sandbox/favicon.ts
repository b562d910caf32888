// The sandbox's own pages (consent, post pages, the index) name their icon inline, so a browser
// asks for no /favicon.ico: the sandbox stands for the platforms' hosts, where a route of its own
// would be one no platform documents (documented-routes.ts), and a 404 is a console error.
import { raw } from "hono/html";

const icon =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#b45309"/>' +
  '<path d="M4 5h8M4 8h8M4 11h5" stroke="#fff" stroke-width="1.5" stroke-linecap="round"/></svg>';

/** The `<link rel="icon">` of every sandbox page's head. */
export const faviconLink = raw(`<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(icon)}" />`);
