// What each account would refuse, found before sending with the server's own rules: the group's
// schema, then per target the pure checks of server/domain (target-rules.ts, the text mode's
// rules and media limits, each media mode's validate), fed with what the library says of the
// chosen media. The server checks everything again on publish; this only spares a round trip.
import type { ConnectedAccount, MediaItem } from "@/server/db";
import { providerTable, type ProviderName } from "@/server/domain/accounts/providers";
import { postGroupBody, type PostGroupBody } from "@/server/domain/post-groups/post-groups.schema";
import { checkFirstComment, effectiveContent, mapModePath, mapTextPath, mediaTargetRequest, type TargetIssue } from "@/server/domain/post-groups/target-rules";
import type { Found } from "@/server/domain/publishing/modes/media-checks";
import { validateFacebook } from "@/server/domain/publishing/modes/facebook/rules";
import { validateInstagram } from "@/server/domain/publishing/modes/instagram/rules";
import { textMediaLimits } from "@/server/domain/publishing/modes/text/media-limits";
import { textPlan, validateTextMedia } from "@/server/domain/publishing/modes/text/rules";
import { validateTiktok } from "@/server/domain/publishing/modes/tiktok/rules";
import { validateYoutube } from "@/server/domain/publishing/modes/youtube/rules";
import type { PublishBody } from "@/server/domain/publishing/publishing.schema";
import type { Issues } from "@/server/domain/publishing/validation-issues";
import type { PickedMedia } from "./composition";

export type { TargetIssue };

const validators = { instagram: validateInstagram, facebook: validateFacebook, youtube: validateYoutube, tiktok: validateTiktok } as const;
const modeField = { instagram: "instagram", facebook: "facebook", youtube: "youtube", tiktok: "video" } as const;

/** The Issues the domain's checks write into, collecting instead of throwing (the composer wants them all). */
function collector(out: TargetIssue[], mapPath: (p: string) => string): Issues {
  const sink = {
    add: (path: string, message: string, code = "invalid") => void out.push({ path: mapPath(path), message, code }),
    notFound: (path: string, message: string) => void out.push({ path: mapPath(path), message, code: "not_found" }),
    empty: true,
    throwIfAny: () => undefined,
  };
  return sink as unknown as Issues;
}

/** The library's view of a media item, in the row shape the domain's checks read. */
function asRow(m: PickedMedia): MediaItem {
  return {
    id: m.mediaId,
    mediaType: m.mediaType,
    mimeType: m.mimeType ?? (m.mediaType === "IMAGE" ? "image/jpeg" : "video/mp4"),
    fileSize: m.fileSize ?? 0,
    durationSeconds: m.durationSeconds ?? null,
    width: m.width ?? null,
    height: m.height ?? null,
    status: "CONFIRMED",
  } as unknown as MediaItem;
}

function formatPath(path: PropertyKey[]): string {
  return path.reduce<string>((s, k) => (typeof k === "number" ? `${s}[${k}]` : s ? `${s}.${String(k)}` : String(k)), "");
}

export type CheckResult = { byTarget: TargetIssue[][]; general: TargetIssue[] };

/**
 * Every problem of the body, per target (index as in body.targets, paths relative to the
 * target: `content.text`, `youtube.title`) and for the group as a whole.
 */
export function checkGroup(
  body: Omit<PostGroupBody, "requestId">,
  providerOf: (id: string) => ProviderName | undefined,
  mediaOf: (id: string) => PickedMedia | undefined,
): CheckResult {
  const byTarget: TargetIssue[][] = body.targets.map(() => []);
  const general: TargetIssue[] = [];
  const parsed = postGroupBody.safeParse({ ...body, requestId: "00000000-0000-4000-8000-000000000000" });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index, ...rest] = issue.path;
      if (head === "targets" && typeof index === "number") byTarget[index]?.push({ path: formatPath(rest), message: issue.message, code: issue.code });
      else general.push({ path: formatPath(issue.path), message: issue.message, code: issue.code });
    }
  }
  body.targets.forEach((target, i) => {
    const provider = providerOf(target.accountId);
    if (!provider) return;
    const out = byTarget[i]!;
    const content = effectiveContent(body.content, target.content);
    checkFirstComment(provider, target, content, out);
    const found: Found = new Map();
    for (const ref of content.media) {
      const m = mediaOf(ref.mediaId);
      if (m) found.set(ref.mediaId, { item: asRow(m), path: "" });
    }
    if (providerTable[provider].publishing === "text") {
      const account = { provider } as ConnectedAccount;
      const body: PublishBody = { accountIds: [target.accountId], posts: [content.text, ...content.thread] };
      textPlan([account], body, collector(out, mapTextPath));
      // the text mode's media table covers the platforms it lists; the others' media are checked when sent
      if (!(provider in textMediaLimits)) return;
      const items = content.media.flatMap((m, k) => {
        const row = found.get(m.mediaId);
        return row ? [{ item: row.item, altText: m.altText, path: `content.media[${k}]` }] : [];
      });
      validateTextMedia(
        provider as keyof typeof textMediaLimits,
        items,
        "content.media",
        collector(out, (p) => p),
      );
      return;
    }
    const before = out.length;
    const { request } = mediaTargetRequest(target, provider, content, "00000000-0000-4000-8000-000000000000", out);
    if (out.length > before || !(provider in validators)) return;
    // a mode's checks read every item it names; one missing from the library is the server's to report
    if (content.media.some((m) => !found.has(m.mediaId))) return;
    const key = provider as keyof typeof validators;
    if (!request[modeField[key] as keyof PublishBody]) return;
    validators[key](
      request,
      found,
      collector(out, (p) => mapModePath(modeField[key], p)),
    );
  });
  return { byTarget, general };
}

/** A server's 422 issues (paths of the whole body) split the same way, by the body that was sent. */
export function splitIssues(issues: TargetIssue[], targetCount: number): CheckResult {
  const byTarget: TargetIssue[][] = Array.from({ length: targetCount }, () => []);
  const general: TargetIssue[] = [];
  for (const issue of issues) {
    const m = /^targets\[(\d+)\]\.?(.*)$/.exec(issue.path);
    const list = m ? byTarget[Number(m[1])] : undefined;
    if (m && list) list.push({ ...issue, path: m[2]! });
    else general.push(issue);
  }
  return { byTarget, general };
}
