// Every tool of the MCP door, in the order tools/list answers them. A new tool is one
// defineTool() in a file of this folder, added here (see docs/mcp-tools.md, "Adding a tool").
import type { McpTool } from "../tool.ts";
import { listAuditLogTool } from "./audit.ts";
import { listAccountsTool, listWorkspacesTool } from "./accounts.ts";
import { createCarouselTool, getCarouselOptionsTool, getCarouselTool } from "./carousels.ts";
import { confirmMediaUploadTool, createMediaUploadTool, getMediaImportTool, importMediaTool, listMediaTool } from "./media.ts";
import { deleteDraftTool, getDraftTool, listDraftsTool, saveDraftTool } from "./drafts.ts";
import { validatePostTool } from "./dry-runs.ts";
import { cancelPostGroupTool, editPostGroupTool, getPostGroupTool, movePostGroupTool, publishPostGroupTool } from "./post-groups.ts";
import { getImportTool, importPostsTool } from "./imports.ts";
import { approvePostGroupTool, listApprovalsTool, rejectPostGroupTool } from "./approvals.ts";
import { listPostsTool, repostTool } from "./posts.ts";
import {
  getNextSlotTool,
  getPostingScheduleTool,
  getQueueTool,
  moveQueueItemTool,
  publishNextInQueueTool,
  setPostingScheduleTool,
  shuffleQueueTool,
} from "./queue.ts";
import { createReviewLinkTool, listReviewLinksTool, revokeReviewLinkTool } from "./review-links.ts";
import { addCommentTool, listCommentsTool } from "./comments.ts";
import { createConnectLinkTool, listConnectLinksTool, revokeConnectLinkTool } from "./connect-links.ts";
import { addFeedTool, deleteFeedTool, fetchFeedTool, getFeedTool, listFeedsTool } from "./feeds.ts";
import { getPublishStatusTool, publishPostTool } from "./publishing.ts";
import { cancelScheduledPostTool, editScheduledPostTool, listScheduledPostsTool, schedulePostTool } from "./scheduling.ts";
import {
  createWebhookTool,
  deleteWebhookTool,
  getWebhookTool,
  listWebhookDeliveriesTool,
  listWebhooksTool,
  redeliverWebhookTool,
  testWebhookTool,
  updateWebhookTool,
} from "./webhooks.ts";

export const tools: McpTool[] = [
  listAccountsTool,
  listMediaTool,
  createMediaUploadTool,
  confirmMediaUploadTool,
  importMediaTool,
  getMediaImportTool,
  publishPostTool,
  schedulePostTool,
  getPublishStatusTool,
  listScheduledPostsTool,
  cancelScheduledPostTool,
  listPostsTool,
  getCarouselOptionsTool,
  createCarouselTool,
  getCarouselTool,
  publishPostGroupTool,
  getPostGroupTool,
  movePostGroupTool,
  cancelPostGroupTool,
  editPostGroupTool,
  validatePostTool,
  listWorkspacesTool,
  editScheduledPostTool,
  repostTool,
  saveDraftTool,
  listDraftsTool,
  getDraftTool,
  deleteDraftTool,
  createWebhookTool,
  listWebhooksTool,
  getWebhookTool,
  updateWebhookTool,
  deleteWebhookTool,
  testWebhookTool,
  listWebhookDeliveriesTool,
  redeliverWebhookTool,
  getPostingScheduleTool,
  setPostingScheduleTool,
  getNextSlotTool,
  getQueueTool,
  moveQueueItemTool,
  shuffleQueueTool,
  importPostsTool,
  getImportTool,
  addFeedTool,
  listFeedsTool,
  getFeedTool,
  fetchFeedTool,
  deleteFeedTool,
  publishNextInQueueTool,
  listApprovalsTool,
  approvePostGroupTool,
  rejectPostGroupTool,
  createReviewLinkTool,
  listReviewLinksTool,
  revokeReviewLinkTool,
  createConnectLinkTool,
  listConnectLinksTool,
  revokeConnectLinkTool,
  listAuditLogTool,
  listCommentsTool,
  addCommentTool,
];
