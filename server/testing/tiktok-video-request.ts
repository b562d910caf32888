// The TikTok video the benchmarks and drills post: public, comments, duets and stitches allowed,
// not branded, every option given as a careful client sends it (SPEC.md's tiktok mode), with a
// fresh requestId each time.
export function tiktokVideoRequest(mediaId: string) {
  return {
    mediaId,
    requestId: crypto.randomUUID(),
    privacyLevel: "PUBLIC_TO_EVERYONE" as const,
    disableComment: false,
    disableDuet: false,
    disableStitch: false,
    brandContentToggle: false,
    brandOrganicToggle: false,
  };
}
