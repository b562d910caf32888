// The username of a Facebook Page identity: a slug of the Page name ("Ada's Bakery" → "ada-s-bakery").
// /me/accounts has no handle for most Pages (a vanity username is optional), so the name is the
// stable, human-readable choice; the Page id stays the identity's key. The sandbox files its
// posts under the same name, so /_sandbox/posts?username= finds them by the account's username.
export function pageSlug(name: string, id: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || `page-${id}`;
}
