// Uploads an image, publishes it to three accounts as one post group, waits, prints the permalinks.
// POSTEADY_URL=http://localhost:3000 POSTEADY_KEY=pst_… ACCOUNT_IDS=id1,id2,id3 npx tsx examples/publish-with-image.ts photo.jpg
import { createClient } from "@posteady/sdk";

const posteady = createClient({ baseUrl: process.env.POSTEADY_URL!, apiKey: process.env.POSTEADY_KEY! });
const accountIds = process.env.ACCOUNT_IDS!.split(",");

const image = await posteady.uploadMedia(process.argv[2]!, {
  contentType: "image/jpeg",
  onProgress: ({ sentBytes, totalBytes }) => console.error(`uploaded ${sentBytes}/${totalBytes} bytes`),
});
const group = await posteady.POST("/api/v1/post-groups", {
  body: {
    content: { text: "Fresh from the SDK", media: [{ mediaId: image.mediaId, altText: "A blue square" }] },
    targets: accountIds.map((accountId) => ({ accountId })),
  },
});
const done = await posteady.waitForPostGroup(group.postGroupId, { timeoutMs: 60_000 });
console.log(done.status);
for (const target of done.targets) console.log(`${target.provider}: ${target.permalink}`);
