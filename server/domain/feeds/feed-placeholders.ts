// A feed template's placeholders and default: a module of its own, free of server code, because
// the dashboard's form lists them too.
export const PLACEHOLDERS = ["title", "link", "summary", "author"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export const DEFAULT_TEMPLATE = "{title} {link}";
