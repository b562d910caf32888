// SPEC.md "Tool interface" and the carousel tools, in the order tools/list answers them: what the
// MCP tests (vitest and Playwright) expect an agent to see.
export const expectedToolNames = [
  "list_accounts",
  "list_media",
  "create_media_upload",
  "confirm_media_upload",
  "import_media",
  "get_media_import",
  "publish_post",
  "schedule_post",
  "get_publish_status",
  "list_scheduled_posts",
  "cancel_scheduled_post",
  "list_posts",
  "get_carousel_options",
  "create_carousel",
  "get_carousel",
  "publish_post_group",
  "get_post_group",
  "validate_post",
];
