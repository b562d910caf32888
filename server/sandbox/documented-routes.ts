// Every endpoint the sandbox imitates, as the real API names it, with the official page that
// documents it. documented-routes.test.ts checks each route the sandbox registers against this
// list: a route with no entry here fails, so the sandbox cannot grow an endpoint the platform
// does not have. Adding an entry needs the documentation URL (on the platform's own docs site).
// Path parameters are written {name}; only their position matters.

export type DocumentedRoute = { method: "GET" | "POST" | "PUT" | "DELETE"; url: string; doc: string };

/** Hosts the platforms hand out in their answers (upload URLs, CDN files), and the sandbox path standing for each. */
export const handedOutHosts: Record<string, string> = {
  "/tiktok/upload": "https://open-upload.tiktokapis.com",
  "/tiktok/cdn": "https://p16-sign.tiktokcdn-us.com",
  "/linkedin/dms-uploads": "https://www.linkedin.com/dms-uploads",
  // Mastodon has no one host: the sandbox runs an instance per path, /mastodon/<domain> standing for https://<domain>.
  "/mastodon/:instance": "https://{instance}",
};

/** The OpenAI-compatible API the carousel writer talks to (server/sandbox/openai-compatible.ts). */
export const openAiHost: [sandbox: string, real: string] = ["/openai/v1", "https://api.openai.com/v1"];

/** The sandbox's own routes (control API, consent form): not imitations of any platform. */
export const sandboxOwnPrefix = "/_sandbox";

const XDOC = "https://docs.x.com";
const META = "https://developers.facebook.com/docs";
const IG = `${META}/instagram-platform`;
const LI = "https://learn.microsoft.com/linkedin";
const TT = "https://developers.tiktok.com/doc";
const YT = "https://developers.google.com/youtube/v3";
const MD = "https://docs.joinmastodon.org/methods";

export const documentedRoutes: Record<string, DocumentedRoute[]> = {
  x: [
    { method: "GET", url: "https://x.com/i/oauth2/authorize", doc: `${XDOC}/fundamentals/authentication/oauth-2-0/user-access-token` },
    { method: "POST", url: "https://api.x.com/2/oauth2/token", doc: `${XDOC}/fundamentals/authentication/oauth-2-0/user-access-token` },
    { method: "POST", url: "https://api.x.com/2/oauth2/revoke", doc: `${XDOC}/fundamentals/authentication/oauth-2-0/user-access-token` },
    { method: "GET", url: "https://api.x.com/2/users/me", doc: `${XDOC}/x-api/users/lookup/introduction` },
    { method: "POST", url: "https://api.x.com/2/tweets", doc: `${XDOC}/x-api/posts/manage-tweets/introduction` },
    { method: "DELETE", url: "https://api.x.com/2/tweets/{id}", doc: `${XDOC}/x-api/posts/manage-tweets/introduction` },
    { method: "POST", url: "https://api.x.com/2/users/{id}/retweets", doc: `${XDOC}/x-api/posts/retweets/introduction` },
    { method: "GET", url: "https://api.x.com/2/users/{id}/tweets", doc: `${XDOC}/x-api/posts/timelines/introduction` },
    { method: "GET", url: "https://api.x.com/2/tweets/{id}", doc: `${XDOC}/x-api/posts/get-post-by-id` },
    { method: "POST", url: "https://api.x.com/2/media/upload/initialize", doc: `${XDOC}/x-api/media/initialize-media-upload` },
    { method: "POST", url: "https://api.x.com/2/media/upload/{id}/append", doc: `${XDOC}/x-api/media/append-media-upload` },
    { method: "POST", url: "https://api.x.com/2/media/upload/{id}/finalize", doc: `${XDOC}/x-api/media/finalize-media-upload` },
    // command=STATUS&media_id=…
    { method: "GET", url: "https://api.x.com/2/media/upload", doc: `${XDOC}/x-api/media/get-media-upload-status` },
    { method: "POST", url: "https://api.x.com/2/media/metadata", doc: `${XDOC}/x-api/media/create-media-metadata` },
  ],
  threads: [
    { method: "GET", url: "https://threads.net/oauth/authorize", doc: `${META}/threads/get-started/get-access-tokens-and-permissions` },
    { method: "POST", url: "https://graph.threads.net/oauth/access_token", doc: `${META}/threads/get-started/get-access-tokens-and-permissions` },
    // grant_type=client_credentials: an app access token (TH|…)
    { method: "GET", url: "https://graph.threads.net/oauth/access_token", doc: `${META}/threads/get-started/app-access-tokens` },
    { method: "GET", url: "https://graph.threads.net/access_token", doc: `${META}/threads/get-started/long-lived-tokens` },
    { method: "GET", url: "https://graph.threads.net/refresh_access_token", doc: `${META}/threads/get-started/long-lived-tokens` },
    { method: "GET", url: "https://graph.threads.net/v1.0/me", doc: `${META}/threads/threads-profiles` },
    // TEXT, IMAGE, VIDEO and CAROUSEL containers and carousel items (…/threads/posts#carousel-posts), alt_text (…/threads/posts/accessibility)
    { method: "POST", url: "https://graph.threads.net/v1.0/{threads-user-id}/threads", doc: `${META}/threads/reference/publishing` },
    { method: "GET", url: "https://graph.threads.net/v1.0/{threads-user-id}/threads", doc: `${META}/threads/reference/media-retrieval` },
    { method: "POST", url: "https://graph.threads.net/v1.0/{threads-user-id}/threads_publish", doc: `${META}/threads/reference/publishing` },
    { method: "GET", url: "https://graph.threads.net/v1.0/{threads-user-id}/threads_publishing_limit", doc: `${META}/threads/overview#rate-limiting` },
    { method: "POST", url: "https://graph.threads.net/v1.0/{threads-media-id}/repost", doc: `${META}/threads/posts/reposts` },
    { method: "GET", url: "https://graph.threads.net/v1.0/{threads-media-id}/insights", doc: `${META}/threads/insights` },
    // A media object (media retrieval), or a container's status (fields=status,error_message: troubleshooting page).
    { method: "GET", url: "https://graph.threads.net/v1.0/{id}", doc: `${META}/threads/troubleshooting#publishing-does-not-return-a-media-id` },
    { method: "DELETE", url: "https://graph.threads.net/v1.0/{threads-media-id}", doc: `${META}/threads/posts/delete-posts` },
  ],
  linkedin: [
    { method: "GET", url: "https://www.linkedin.com/oauth/v2/authorization", doc: `${LI}/shared/authentication/authorization-code-flow` },
    { method: "POST", url: "https://www.linkedin.com/oauth/v2/accessToken", doc: `${LI}/shared/authentication/authorization-code-flow` },
    { method: "GET", url: "https://api.linkedin.com/v2/userinfo", doc: `${LI}/consumer/integrations/self-serve/sign-in-with-linkedin-v2` },
    { method: "POST", url: "https://api.linkedin.com/rest/posts", doc: `${LI}/marketing/community-management/shares/posts-api` },
    { method: "GET", url: "https://api.linkedin.com/rest/posts", doc: `${LI}/marketing/community-management/shares/posts-api` },
    {
      method: "DELETE",
      url: "https://api.linkedin.com/rest/posts/{encoded-post-urn}",
      doc: `${LI}/marketing/community-management/shares/posts-api#delete-posts`,
    },
    {
      method: "GET",
      url: "https://api.linkedin.com/rest/socialActions/{target-urn}",
      doc: `${LI}/marketing/community-management/shares/network-update-social-actions`,
    },
    { method: "GET", url: "https://api.linkedin.com/rest/memberCreatorPostAnalytics", doc: `${LI}/marketing/community-management/members/post-statistics` },
    { method: "GET", url: "https://api.linkedin.com/rest/posts/{encoded-post-urn}", doc: `${LI}/marketing/community-management/shares/posts-api` },
    // ?action=initializeUpload
    { method: "POST", url: "https://api.linkedin.com/rest/images", doc: `${LI}/marketing/community-management/shares/images-api` },
    { method: "GET", url: "https://api.linkedin.com/rest/images/{image-urn}", doc: `${LI}/marketing/community-management/shares/images-api` },
    // ?action=initializeUpload and ?action=finalizeUpload
    { method: "POST", url: "https://api.linkedin.com/rest/videos", doc: `${LI}/marketing/community-management/shares/videos-api` },
    { method: "GET", url: "https://api.linkedin.com/rest/videos/{video-urn}", doc: `${LI}/marketing/community-management/shares/videos-api` },
    // ?action=initializeUpload
    { method: "POST", url: "https://api.linkedin.com/rest/documents", doc: `${LI}/marketing/community-management/shares/documents-api` },
    { method: "GET", url: "https://api.linkedin.com/rest/documents/{document-urn}", doc: `${LI}/marketing/community-management/shares/documents-api` },
    // The upload URLs the three initializeUpload actions hand out (one per video part).
    {
      method: "PUT",
      url: "https://www.linkedin.com/dms-uploads/sp/v2/{asset}/{upload-kind}/{part}",
      doc: `${LI}/marketing/community-management/shares/videos-api`,
    },
    {
      method: "POST",
      url: "https://api.linkedin.com/rest/socialActions/{target-urn}/comments",
      doc: `${LI}/marketing/community-management/shares/comments-api`,
    },
    {
      method: "GET",
      url: "https://api.linkedin.com/rest/socialActions/{target-urn}/comments",
      doc: `${LI}/marketing/community-management/shares/comments-api`,
    },
  ],
  tiktok: [
    { method: "GET", url: "https://www.tiktok.com/v2/auth/authorize/", doc: `${TT}/login-kit-web` },
    { method: "POST", url: "https://open.tiktokapis.com/v2/oauth/token/", doc: `${TT}/oauth-user-access-token-management` },
    { method: "POST", url: "https://open.tiktokapis.com/v2/post/publish/creator_info/query/", doc: `${TT}/content-posting-api-reference-query-creator-info` },
    { method: "POST", url: "https://open.tiktokapis.com/v2/post/publish/video/init/", doc: `${TT}/content-posting-api-reference-direct-post` },
    { method: "PUT", url: "https://open-upload.tiktokapis.com/video/", doc: `${TT}/content-posting-api-media-transfer-guide` },
    { method: "POST", url: "https://open.tiktokapis.com/v2/post/publish/status/fetch/", doc: `${TT}/content-posting-api-reference-get-video-status` },
    { method: "GET", url: "https://open.tiktokapis.com/v2/user/info/", doc: `${TT}/tiktok-api-v2-get-user-info` },
    // avatar_url and cover_image_url point at TikTok's CDN (signed, short-lived image URLs).
    { method: "GET", url: "https://p16-sign.tiktokcdn-us.com/{kind}/{file}", doc: `${TT}/tiktok-api-v2-video-object` },
    { method: "POST", url: "https://open.tiktokapis.com/v2/video/list/", doc: `${TT}/tiktok-api-v2-video-list` },
  ],
  instagram: [
    { method: "GET", url: "https://www.instagram.com/oauth/authorize", doc: `${IG}/instagram-api-with-instagram-login/business-login` },
    { method: "POST", url: "https://api.instagram.com/oauth/access_token", doc: `${IG}/instagram-api-with-instagram-login/business-login` },
    { method: "GET", url: "https://graph.instagram.com/access_token", doc: `${IG}/reference/access_token` },
    { method: "GET", url: "https://graph.instagram.com/refresh_access_token", doc: `${IG}/reference/refresh_access_token` },
    { method: "GET", url: "https://graph.instagram.com/{version}/me", doc: `${IG}/instagram-api-with-instagram-login/get-started` },
    { method: "POST", url: "https://graph.instagram.com/{version}/{ig-user-id}/media", doc: `${IG}/instagram-graph-api/reference/ig-user/media` },
    {
      method: "POST",
      url: "https://graph.instagram.com/{version}/{ig-user-id}/media_publish",
      doc: `${IG}/instagram-graph-api/reference/ig-user/media_publish`,
    },
    {
      method: "GET",
      url: "https://graph.instagram.com/{version}/{ig-user-id}/content_publishing_limit",
      doc: `${IG}/instagram-graph-api/reference/ig-user/content_publishing_limit`,
    },
    { method: "GET", url: "https://graph.instagram.com/{version}/{ig-user-id}/media", doc: `${IG}/instagram-graph-api/reference/ig-user/media` },
    { method: "GET", url: "https://graph.instagram.com/{version}/{ig-media-id}/insights", doc: `${IG}/instagram-graph-api/reference/ig-media/insights` },
    { method: "POST", url: "https://graph.instagram.com/{version}/{ig-media-id}/comments", doc: `${IG}/instagram-graph-api/reference/ig-media/comments` },
    { method: "GET", url: "https://graph.instagram.com/{version}/{ig-media-id}/comments", doc: `${IG}/instagram-graph-api/reference/ig-media/comments` },
    // An IG Media, or an IG Container (status_code) — the id says which.
    { method: "GET", url: "https://graph.instagram.com/{version}/{id}", doc: `${IG}/instagram-graph-api/reference/ig-container` },
  ],
  youtube: [
    { method: "GET", url: "https://accounts.google.com/o/oauth2/v2/auth", doc: "https://developers.google.com/identity/protocols/oauth2/web-server" },
    { method: "POST", url: "https://oauth2.googleapis.com/token", doc: "https://developers.google.com/identity/protocols/oauth2/web-server" },
    { method: "GET", url: "https://www.googleapis.com/youtube/v3/channels", doc: `${YT}/docs/channels/list` },
    { method: "POST", url: "https://www.googleapis.com/upload/youtube/v3/videos", doc: `${YT}/docs/videos/insert` },
    { method: "PUT", url: "https://www.googleapis.com/upload/youtube/v3/videos", doc: `${YT}/guides/using_resumable_upload_protocol` },
    { method: "GET", url: "https://www.googleapis.com/youtube/v3/videos", doc: `${YT}/docs/videos/list` },
    { method: "DELETE", url: "https://www.googleapis.com/youtube/v3/videos", doc: `${YT}/docs/videos/delete` },
    { method: "GET", url: "https://www.googleapis.com/youtube/v3/playlistItems", doc: `${YT}/docs/playlistItems/list` },
  ],
  facebook: [
    { method: "GET", url: "https://www.facebook.com/{version}/dialog/oauth", doc: `${META}/facebook-login/guides/advanced/manual-flow` },
    { method: "GET", url: "https://graph.facebook.com/{version}/oauth/access_token", doc: `${META}/facebook-login/guides/access-tokens/get-long-lived` },
    { method: "GET", url: "https://graph.facebook.com/{version}/me/permissions", doc: `${META}/graph-api/reference/user/permissions` },
    { method: "GET", url: "https://graph.facebook.com/{version}/me/accounts", doc: `${META}/graph-api/reference/user/accounts` },
    { method: "POST", url: "https://graph.facebook.com/{version}/{page-id}/feed", doc: `${META}/pages-api/posts` },
    { method: "POST", url: "https://graph.facebook.com/{version}/{page-id}/photos", doc: `${META}/graph-api/reference/page/photos` },
    { method: "POST", url: "https://graph.facebook.com/{version}/{page-id}/photo_stories", doc: `${META}/page-stories-api/` },
    { method: "POST", url: "https://graph-video.facebook.com/{version}/{page-id}/videos", doc: `${META}/video-api/guides/publishing` },
    { method: "POST", url: "https://graph.facebook.com/{version}/{page-id}/video_reels", doc: `${META}/video-api/guides/reels-publishing/` },
    { method: "POST", url: "https://graph.facebook.com/{version}/{page-id}/video_stories", doc: `${META}/page-stories-api/` },
    { method: "POST", url: "https://rupload.facebook.com/video-upload/{version}/{video-id}", doc: `${META}/video-api/guides/reels-publishing/` },
    // A Page post, photo or video node (fields=status for a video's phases).
    { method: "GET", url: "https://graph.facebook.com/{version}/{id}", doc: `${META}/graph-api/reference/post` },
    { method: "DELETE", url: "https://graph.facebook.com/{version}/{id}", doc: `${META}/pages-api/posts` },
    { method: "GET", url: "https://graph.facebook.com/{version}/{id}/insights", doc: `${META}/graph-api/reference/insights` },
    { method: "POST", url: "https://graph.facebook.com/{version}/{object-id}/comments", doc: `${META}/graph-api/reference/object/comments` },
    { method: "GET", url: "https://graph.facebook.com/{version}/{object-id}/comments", doc: `${META}/graph-api/reference/object/comments` },
    { method: "GET", url: "https://graph.facebook.com/{version}/{page-id}/published_posts", doc: `${META}/graph-api/reference/page/published_posts` },
  ],
  mastodon: [
    { method: "POST", url: "https://{instance}/api/v1/apps", doc: `${MD}/apps/#create` },
    { method: "GET", url: "https://{instance}/.well-known/oauth-authorization-server", doc: `${MD}/oauth/#authorization-server-metadata` },
    { method: "GET", url: "https://{instance}/oauth/authorize", doc: `${MD}/oauth/#authorize` },
    { method: "POST", url: "https://{instance}/oauth/token", doc: `${MD}/oauth/#token` },
    { method: "POST", url: "https://{instance}/oauth/revoke", doc: `${MD}/oauth/#revoke` },
    { method: "GET", url: "https://{instance}/api/v1/accounts/verify_credentials", doc: `${MD}/accounts/#verify_credentials` },
    { method: "GET", url: "https://{instance}/api/v1/accounts/{id}/statuses", doc: `${MD}/accounts/#statuses` },
    { method: "GET", url: "https://{instance}/api/v2/instance", doc: `${MD}/instance/#v2` },
    { method: "POST", url: "https://{instance}/api/v2/media", doc: `${MD}/media/#v2` },
    { method: "GET", url: "https://{instance}/api/v1/media/{id}", doc: `${MD}/media/#get` },
    { method: "PUT", url: "https://{instance}/api/v1/media/{id}", doc: `${MD}/media/#update` },
    // Idempotency-Key header: the same key within an hour answers the status it created.
    { method: "POST", url: "https://{instance}/api/v1/statuses", doc: `${MD}/statuses/#create` },
    { method: "GET", url: "https://{instance}/api/v1/statuses/{id}", doc: `${MD}/statuses/#get` },
    { method: "DELETE", url: "https://{instance}/api/v1/statuses/{id}", doc: `${MD}/statuses/#delete` },
  ],
  openai: [
    { method: "GET", url: "https://api.openai.com/v1/models", doc: "https://platform.openai.com/docs/api-reference/models/list" },
    { method: "POST", url: "https://api.openai.com/v1/chat/completions", doc: "https://platform.openai.com/docs/api-reference/chat/create" },
    { method: "POST", url: "https://api.openai.com/v1/images/generations", doc: "https://platform.openai.com/docs/api-reference/images/create" },
  ],
};

/** Where each platform's documentation lives: a manifest entry must cite a page there. */
export const officialDocSites: Record<string, string[]> = {
  x: ["https://docs.x.com/"],
  threads: ["https://developers.facebook.com/docs/threads/"],
  linkedin: ["https://learn.microsoft.com/linkedin/"],
  tiktok: ["https://developers.tiktok.com/doc/"],
  instagram: ["https://developers.facebook.com/docs/instagram-platform/"],
  youtube: ["https://developers.google.com/youtube/", "https://developers.google.com/identity/"],
  facebook: ["https://developers.facebook.com/docs/"],
  mastodon: ["https://docs.joinmastodon.org/"],
  openai: ["https://platform.openai.com/docs/"],
};
