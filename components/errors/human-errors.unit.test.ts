import { describe, expect, test } from "vitest";
import { fieldName, humanError, humanIssue } from "./human-errors";

describe("validation issues rewritten for people", () => {
  test("an empty file, the example the issue reported", () => {
    expect(humanIssue({ path: "fileSize", code: "too_small", message: "Too small: expected number to be >=1" })).toBe(
      "The file is empty (0 bytes). Choose a file with content.",
    );
  });
  test("bounds from zod's text become plain limits", () => {
    expect(humanIssue({ path: "name", code: "too_small", message: "Too small: expected string to have >=1 characters" })).toBe("The name is required.");
    expect(humanIssue({ path: "youtube.title", code: "too_big", message: "Too big: expected string to have <=100 characters" })).toBe(
      "The title is too long: use at most 100 characters.",
    );
    expect(humanIssue({ path: "password", code: "too_small", message: "Too small: expected string to have >=8 characters" })).toBe(
      "The password is too short: use at least 8 characters.",
    );
    // the sign-up form's own rule (auth.schema.ts), which the hint beside the field repeats
    expect(humanIssue({ path: "password", code: "too_small", message: "Use at least 8 characters" })).toBe(
      "The password is too short: use at least 8 characters.",
    );
    expect(humanIssue({ path: "accountIds", code: "too_small", message: "Too small: expected array to have >=1 items" })).toBe(
      "The accounts: choose at least one.",
    );
  });
  test("formats, choices and our own rules", () => {
    expect(humanIssue({ path: "email", code: "invalid_format", message: "Invalid email address" })).toBe("Enter an email address like name@example.com.");
    expect(humanIssue({ path: "contentType", code: "invalid_value", message: 'Invalid option: expected one of "video/mp4"|"image/jpeg"' })).toBe(
      "This kind of file is not accepted: upload MP4 or QuickTime videos, or JPEG images.",
    );
    expect(humanIssue({ path: "posts[1]", code: "invalid", message: "posts[1]: Text exceeds 280 characters" })).toBe("Post 2: text exceeds 280 characters");
  });
  test("media of the wrong kind names the platform as people write it", () => {
    expect(humanIssue({ path: "video.mediaId", code: "wrong_type", message: "video.mediaId: must be a video for tiktok" })).toBe(
      "TikTok needs a video: choose a video instead of this image.",
    );
    expect(humanIssue({ path: "media[0].mediaId", code: "wrong_type", message: "must be a JPEG image for an instagram FEED image" })).toBe(
      "An Instagram feed image needs a JPEG image: choose a JPEG image instead.",
    );
  });
  test("paths name what people see", () => {
    expect(fieldName("posts[0]")).toBe("Post 1");
    expect(fieldName("video.mediaId")).toBe("The media");
    expect(fieldName("instagram.coverUrl")).toBe("The cover url");
  });
  test("a tRPC error with issues shows every issue in words; other errors keep their message", () => {
    const err = Object.assign(new Error("fileSize: Too small: expected number to be >=1"), {
      data: { appCode: "VALIDATION_ERROR", details: { issues: [{ path: "fileSize", code: "too_small", message: "Too small: expected number to be >=1" }] } },
    });
    expect(humanError(err)).toBe("The file is empty (0 bytes). Choose a file with content.");
    expect(humanError(new Error("Storage quota used up"))).toBe("Storage quota used up");
  });
});

describe("issue 48's platforms and fields", () => {
  test("Bluesky's languages and Mastodon's content warning are named as the composer names them", () => {
    expect(humanIssue({ path: "bluesky.langs", code: "too_big", message: "Too big: expected array to have <=3 items" })).toBe(
      "The languages: choose at most 3.",
    );
    expect(humanIssue({ path: "bluesky.langs[1]", code: "too_small", message: "Too small: expected string to have >=2 characters" })).toBe(
      "Language 2 is too short: use at least 2 characters.",
    );
    expect(humanIssue({ path: "mastodon.spoilerText", code: "not_supported", message: "not allowed for a x account" })).toBe(
      "The content warning: not allowed for a x account",
    );
  });
  test("platform names from the provider table, Bluesky and Mastodon included", () => {
    expect(humanIssue({ path: "content.media[0].mediaId", code: "wrong_type", message: "must be a video for mastodon" })).toBe(
      "Mastodon needs a video: choose a video instead of this image.",
    );
    expect(humanIssue({ path: "content.media[0].mediaId", code: "wrong_type", message: "must be a JPEG image for bluesky" })).toBe(
      "Bluesky needs a JPEG image: choose a JPEG image instead.",
    );
  });
});
