// The status of a public link page: client connect links (/connect/<token>) and client review
// links (/review/<token>). Next.js pages answer 200 or 404 only; a link that was used, revoked or
// has expired answers 410 Gone (an unknown one 404), so a script or a link checker reading it
// learns what a person reads on the page. The web server asks the domain before handing the page
// to Next, and holds the answer's status to it.
import type http from "node:http";
import { linkRefusalText } from "../domain/connect-links/consume-connect-link.ts";
import { openConnectLink } from "../domain/connect-links/open-connect-link.ts";
import { findReviewLink, reviewRefusalText } from "../domain/review-links/open-review-link.ts";

const LINK_PAGE = /^\/(connect|review)\/([A-Za-z0-9_-]+)\/?$/;

/** 404 or 410 for a link page whose link no longer works; undefined for any other path or a working link. */
export async function linkPageStatus(pathname: string): Promise<404 | 410 | undefined> {
  const [, kind, token] = LINK_PAGE.exec(pathname) ?? [];
  if (!token || token === "done") return undefined;
  if (kind === "review") {
    const found = await findReviewLink(token);
    return "refusal" in found ? reviewRefusalText[found.refusal].status : undefined;
  }
  const link = await openConnectLink(token);
  return link.state === "active" ? undefined : linkRefusalText[link.state].status;
}

/** Whatever status Next sets, the answer goes out with `status` (Node writes every answer's head through writeHead). */
export function holdStatus(res: http.ServerResponse, status: number): void {
  const writeHead = res.writeHead.bind(res) as (code: number, ...rest: unknown[]) => http.ServerResponse;
  res.writeHead = ((_code: number, ...rest: unknown[]) => writeHead(status, ...rest)) as typeof res.writeHead;
}
