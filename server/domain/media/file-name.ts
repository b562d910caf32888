// SPEC.md's file-name rule: at most 255 characters, no directory path, no control characters,
// and video names end in .mp4 or .mov.

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function fileNameIssue(name: string, mediaType: "IMAGE" | "VIDEO"): string | null {
  if (name.length === 0) return "must not be empty";
  if (name.length > 255) return "must be at most 255 characters";
  if (CONTROL.test(name)) return "must not contain control characters";
  if (/[/\\]/.test(name) || name === "." || name === "..") return "must be a file name, without a directory path";
  if (mediaType === "VIDEO" && !/\.(mp4|mov)$/i.test(name)) return "video file names must end in .mp4 or .mov";
  return null;
}

/** The extension our stored object gets (from the type, never from the client's name). */
export function extensionFor(mimeType: string): string {
  return mimeType === "image/jpeg" ? "jpg" : mimeType === "video/quicktime" ? "mov" : "mp4";
}
