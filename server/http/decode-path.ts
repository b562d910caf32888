// Paths as the client meant them. A malformed percent-escape (%ZZ, a cut UTF-8 sequence) names
// no resource: the web server answers it 404 before any door or Next.js sees the request (Next's
// route handlers threw on it, a 500), so every door after it may decode segments freely. A path
// decodes as a whole exactly when each of its segments does: no escape spans a literal "/".
export function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
