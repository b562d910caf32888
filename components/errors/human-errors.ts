// Errors as people read them. The API answers VALIDATION_ERROR with issues { path, code, message }
// written for developers ("fileSize: Too small: expected number to be >=1"); the dashboard keeps
// those codes on the wire and rewrites each issue here, from its path and code, into a sentence
// about the thing the person sees (the file, the post, the scheduled time).
import { providerLabels } from "@/server/domain/accounts/providers";

export type Issue = { path: string; message: string; code: string };

// The last named segment of a path, with the index of the element it points into: "posts[1]" → posts, 1.
function lastSegment(path: string): { name: string; index?: number } {
  const m = /([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?(?:\[\d+\])*$/.exec(path);
  if (!m) return { name: path };
  return { name: m[1]!, ...(m[2] !== undefined ? { index: Number(m[2]) } : {}) };
}

const fieldNames: Record<string, string> = {
  fileName: "The file name",
  fileSize: "The file",
  contentType: "The file type",
  mediaType: "The kind of file",
  mediaId: "The media",
  mediaIds: "The media",
  media: "The media",
  accountIds: "The accounts",
  accountId: "The account",
  scheduledAt: "The scheduled time",
  timezone: "The time zone",
  name: "The name",
  email: "The email address",
  password: "The password",
  title: "The title",
  description: "The description",
  caption: "The caption",
  message: "The message",
  altText: "The image description",
  expiresAt: "The expiry date",
  topic: "The topic",
  text: "The text",
  url: "The link",
  slideCount: "The number of slides",
  // Bluesky's and Mastodon's target options, by the names of their fields in the composer
  langs: "The languages",
  spoilerText: "The content warning",
  rrule: "The repeat rule",
  evergreen: "Evergreen",
};

/** What a path names, for a person: "posts[1]" → "Post 2", "video.mediaId" → "The media". */
export function fieldName(path: string): string {
  const { name, index } = lastSegment(path);
  if (name === "posts") return index === undefined ? "The post" : `Post ${index + 1}`;
  if (name === "media" && index !== undefined) return `Media item ${index + 1}`;
  if (name === "langs" && index !== undefined) return `Language ${index + 1}`;
  if (fieldNames[name]) return fieldNames[name];
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words ? `The ${words}` : "This";
}

// The bound in zod's message ("Too small: expected string to have >=1 characters" → 1) or in
// our own ("Use at least 8 characters" → 8).
function bound(message: string): number | undefined {
  const m = /(?:[<>]=?|at (?:least|most))\s*(-?\d+(?:\.\d+)?)/.exec(message);
  return m ? Number(m[1]) : undefined;
}

const of = (message: string): "string" | "array" | "number" | "other" =>
  /expected string|\d characters/.test(message)
    ? "string"
    : /expected array/.test(message)
      ? "array"
      : /expected number|expected int/.test(message)
        ? "number"
        : "other";

// Platforms (the provider table's labels) and content types as their owners write them, in our
// rules' messages ("for tiktok").
const platformWords: Record<string, string> = { ...providerLabels, REELS: "Reels", FEED: "feed" };
const wordPattern = new RegExp(`\\b(${Object.keys(platformWords).join("|")})\\b`, "g");
const forPeople = (text: string) => text.replace(wordPattern, (w) => platformWords[w] ?? w);

/** "must be a video for tiktok" → "TikTok needs a video, not this image." */
function wrongType(message: string, field: string): string {
  const m = /must be (a video|a JPEG image) for (.+)$/.exec(message);
  if (!m) return `${field} is not the kind of file this needs.`;
  const what = forPeople(m[2]!);
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} needs ${m[1]}: choose ${m[1] === "a video" ? "a video instead of this image" : "a JPEG image instead"}.`;
}

const accepted = "MP4 or QuickTime videos, or JPEG images";

/** One issue as a sentence for people. */
export function humanIssue(issue: Issue): string {
  const { name } = lastSegment(issue.path);
  const field = fieldName(issue.path);
  const n = bound(issue.message);
  const kind = of(issue.message);

  if (name === "fileSize" && issue.code === "too_small") return "The file is empty (0 bytes). Choose a file with content.";
  if (name === "fileSize" && issue.code === "too_big") return "The file is larger than this kind of file may be.";
  if (name === "contentType" || name === "mediaType") return `This kind of file is not accepted: upload ${accepted}.`;

  switch (issue.code) {
    case "no_slots":
      return "This account has no posting slots, so nothing can be added to its queue: set its slots on the Queue page first.";
    case "wrong_type":
      return wrongType(issue.message, field);
    case "too_small":
      if (kind === "string") return n !== undefined && n <= 1 ? `${field} is required.` : `${field} is too short: use at least ${n} characters.`;
      if (kind === "array") return n !== undefined && n <= 1 ? `${field}: choose at least one.` : `${field}: choose at least ${n}.`;
      return n !== undefined ? `${field} must be at least ${n}.` : `${field} is too small.`;
    case "too_big":
      if (kind === "string") return `${field} is too long: use at most ${n} characters.`;
      if (kind === "array") return `${field}: choose at most ${n}.`;
      return n !== undefined ? `${field} must be at most ${n}.` : `${field} is too large.`;
    case "invalid_type":
      return /undefined/.test(issue.message) ? `${field} is required.` : `${field} is not in the expected form.`;
    case "invalid_format":
      if (name === "email") return "Enter an email address like name@example.com.";
      if (/url/i.test(issue.message) || name === "url") return `${field} must be a full link starting with https://.`;
      if (/date|time/i.test(issue.message)) return `${field} is not a valid date and time.`;
      return `${field} is not in the expected form.`;
    case "invalid_value":
    case "invalid_union":
      return `${field} is not one of the choices offered.`;
    case "unrecognized_key":
      return `${field} is not something this form sends; reload the page and try again.`;
    default: {
      // Our own rules (fieldError) already speak to people: name the field the way they see it.
      const text = issue.message.replace(/^[\w.[\]]+:\s*/, "");
      return issue.path ? `${field}: ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
    }
  }
}

type ErrorData = { appCode?: string | null; details?: { issues?: Issue[] } | null };

export function issuesOf(error: unknown): Issue[] {
  const data = (error as { data?: ErrorData } | null)?.data;
  return data?.appCode === "VALIDATION_ERROR" || data?.details?.issues ? (data?.details?.issues ?? []) : [];
}

/** The message to show for any error of a dashboard call. */
export function humanError(error: unknown): string {
  const issues = issuesOf(error);
  if (issues.length > 0) return issues.map(humanIssue).join(" ");
  if (error instanceof TypeError && /fetch/i.test(error.message)) return "The server could not be reached. Check your connection and try again.";
  return error instanceof Error && error.message ? error.message : "Something went wrong. Try again.";
}
