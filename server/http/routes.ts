// The REST table: every /api/v1 operation and the one domain call behind it.
import { listAccounts } from "../domain/accounts/list-accounts.ts";
import { createCarousel } from "../domain/carousels/create-carousel.ts";
import { getCarousel } from "../domain/carousels/get-carousel.ts";
import { getCarouselOptions } from "../domain/carousels/get-carousel-options.ts";
import { confirmUpload } from "../domain/media/confirm-upload.ts";
import { createUpload } from "../domain/media/create-upload.ts";
import { listMedia } from "../domain/media/list-media.ts";
import { createMediaImport } from "../domain/media/imports/create-media-import.ts";
import { getMediaImport } from "../domain/media/imports/get-media-import.ts";
import { deleteDraft } from "../domain/drafts/delete-draft.ts";
import { getDraft } from "../domain/drafts/get-draft.ts";
import { listDrafts } from "../domain/drafts/list-drafts.ts";
import { saveDraft } from "../domain/drafts/save-draft.ts";
import { createPostGroup } from "../domain/post-groups/create-post-group.ts";
import { getPostGroup } from "../domain/post-groups/get-post-group.ts";
import { cancelPostGroup, movePostGroup } from "../domain/post-groups/change-post-group.ts";
import { editPostGroup } from "../domain/post-groups/edit-post-group.ts";
import { approvePostGroup, rejectPostGroup } from "../domain/post-groups/decide-approval.ts";
import { listApprovals } from "../domain/post-groups/list-approvals.ts";
import { getPublishJob } from "../domain/publishing/get-publish-job.ts";
import { publishPosts } from "../domain/publishing/publish-posts.ts";
import { listPosts } from "../domain/posts/list-posts.ts";
import { repost } from "../domain/posts/repost.ts";
import { cancelScheduledPost } from "../domain/scheduling/cancel-scheduled-post.ts";
import { editScheduledPost } from "../domain/scheduling/edit-scheduled-post.ts";
import { listScheduledPosts } from "../domain/scheduling/list-scheduled-posts.ts";
import { schedulePosts } from "../domain/scheduling/schedule-posts.ts";
import { SCHEDULE_ANSWERED_AS_DONE } from "../domain/scheduling/schedule-rules.ts";
import { listScopeWorkspaces } from "../domain/workspaces/list-workspaces.ts";
import { handle, type RouteHandler } from "./handle.ts";
import { reply } from "./operation.ts";
import type { Operation } from "./operation.ts";
import { listAccountsOp } from "./operations/accounts.ts";
import { carouselOptionsOp, createCarouselOp, getCarouselOp } from "./operations/carousels.ts";
import { confirmUploadOp, createMediaImportOp, createUploadOp, getMediaImportOp, listMediaOp } from "./operations/media.ts";
import { createDraftOp, deleteDraftOp, getDraftOp, listDraftsOp, updateDraftOp } from "./operations/drafts.ts";
import { openApiOp } from "./operations/openapi.ts";
import { cancelPostGroupOp, editPostGroupOp, createPostGroupOp, getPostGroupOp, movePostGroupOp } from "./operations/post-groups.ts";
import { getPublishJobOp, publishPostsOp } from "./operations/publishing.ts";
import { approvePostGroupOp, listApprovalsOp, rejectPostGroupOp } from "./operations/approvals.ts";
import { listPostsOp, repostOp } from "./operations/posts.ts";
import { cancelScheduledPostOp, editScheduledPostOp, listScheduledPostsOp, schedulePostsOp } from "./operations/scheduling.ts";
import { listWorkspacesOp } from "./operations/workspaces.ts";
import { listAuditLogOp } from "./operations/audit.ts";
import { listAuditLog } from "../domain/audit/list-audit-log.ts";
import {
  getNextSlotOp,
  getPostingScheduleOp,
  getQueueOp,
  moveQueueItemOp,
  publishNextInQueueOp,
  putPostingScheduleOp,
  shuffleQueueOp,
} from "./operations/queue.ts";
import { getPostingSchedule, putPostingSchedule } from "../domain/queue/posting-schedule.ts";
import { getNextSlot, getQueue, moveQueueItem, publishNextNow, shuffleQueue } from "../domain/queue/queue-items.ts";
import { createFeedOp, deleteFeedOp, fetchFeedOp, getFeedOp, listFeedsOp } from "./operations/feeds.ts";
import { pollFeedNow } from "../domain/feeds/poll-feeds.ts";
import { createFeed, deleteFeed, getFeed, listFeeds } from "../domain/feeds/manage-feeds.ts";
import { createImportOp, getImportOp } from "./operations/imports.ts";
import { createImport } from "../domain/imports/create-import.ts";
import { getImport } from "../domain/imports/get-import.ts";
import {
  createWebhookOp,
  deleteWebhookOp,
  getWebhookOp,
  listDeliveriesOp,
  listWebhooksOp,
  redeliverOp,
  testWebhookOp,
  updateWebhookOp,
} from "./operations/webhooks.ts";
import { redeliver, listDeliveries, sendTestEvent } from "../domain/webhooks/deliveries.ts";
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "../domain/webhooks/manage-webhooks.ts";
import { openApiHandler } from "./openapi-route.ts";
import { createReviewLinkOp, listReviewLinksOp, revokeReviewLinkOp } from "./operations/review-links.ts";
import { createReviewLink, listReviewLinks, revokeReviewLink } from "../domain/review-links/manage-review-links.ts";
import { addDraftCommentOp, addPostGroupCommentOp, listDraftCommentsOp, listPostGroupCommentsOp } from "./operations/comments.ts";
import { addComment } from "../domain/comments/add-comment.ts";
import { listComments } from "../domain/comments/list-comments.ts";
import { createConnectLinkOp, listConnectLinksOp, revokeConnectLinkOp } from "./operations/connect-links.ts";
import { createConnectLink, listConnectLinks, revokeConnectLink } from "../domain/connect-links/manage-connect-links.ts";
import { validatePostGroupOp, validatePostsOp, validateScheduledPostsOp } from "./operations/dry-runs.ts";
import { validatePosts, validateScheduledPosts } from "../domain/publishing/dry-run.ts";
import { validatePostGroup } from "../domain/post-groups/validate-post-group.ts";

export type Route = { op: Operation; handler: RouteHandler };

export const routes: Route[] = [
  { op: openApiOp, handler: openApiHandler(() => routes.map((r) => r.op)) },
  { op: listWorkspacesOp, handler: handle(listWorkspacesOp, (scope) => listScopeWorkspaces(scope)) },
  { op: listAuditLogOp, handler: handle(listAuditLogOp, (scope, { query }) => listAuditLog(scope, query)) },
  { op: listAccountsOp, handler: handle(listAccountsOp, (scope) => listAccounts(scope)) },
  { op: createConnectLinkOp, handler: handle(createConnectLinkOp, async (scope, { body }) => reply(201, await createConnectLink(scope, body))) },
  { op: listConnectLinksOp, handler: handle(listConnectLinksOp, (scope) => listConnectLinks(scope)) },
  { op: revokeConnectLinkOp, handler: handle(revokeConnectLinkOp, (scope, { params }) => revokeConnectLink(scope, params.id)) },
  { op: listMediaOp, handler: handle(listMediaOp, (scope, { query }) => listMedia(scope, query)) },
  { op: createUploadOp, handler: handle(createUploadOp, (scope, { body }) => createUpload(scope, body)) },
  { op: confirmUploadOp, handler: handle(confirmUploadOp, (scope, { body }) => confirmUpload(scope, body)) },
  {
    op: createMediaImportOp,
    handler: handle(createMediaImportOp, async (scope, { body }) => {
      const answer = await createMediaImport(scope, body);
      return reply(answer.status, answer.body);
    }),
  },
  { op: getMediaImportOp, handler: handle(getMediaImportOp, (scope, { params }) => getMediaImport(scope, params.id)) },
  {
    op: publishPostsOp,
    handler: handle(publishPostsOp, async (scope, { body }) => {
      const answer = await publishPosts(scope, body);
      return reply(answer.outcome === "accepted" ? 202 : 200, answer.body);
    }),
  },
  {
    op: createPostGroupOp,
    handler: handle(createPostGroupOp, async (scope, { body }) => {
      const answer = await createPostGroup(scope, body);
      return reply(answer.replay ? 200 : 202, answer.body);
    }),
  },
  { op: validatePostsOp, handler: handle(validatePostsOp, (scope, { body }) => validatePosts(scope, body)) },
  { op: validateScheduledPostsOp, handler: handle(validateScheduledPostsOp, (scope, { body }) => validateScheduledPosts(scope, body)) },
  { op: validatePostGroupOp, handler: handle(validatePostGroupOp, (scope, { body }) => validatePostGroup(scope, body)) },
  { op: getPostGroupOp, handler: handle(getPostGroupOp, (scope, { params }) => getPostGroup(scope, params.id)) },
  {
    op: movePostGroupOp,
    handler: handle(movePostGroupOp, (scope, { params, body }) => movePostGroup(scope, params.id, new Date(body.scheduledAt), body.timezone ?? null, "api")),
  },
  { op: cancelPostGroupOp, handler: handle(cancelPostGroupOp, (scope, { params }) => cancelPostGroup(scope, params.id)) },
  { op: editPostGroupOp, handler: handle(editPostGroupOp, (scope, { params, body }) => editPostGroup(scope, params.id, body)) },
  { op: createReviewLinkOp, handler: handle(createReviewLinkOp, async (scope, { body }) => reply(201, await createReviewLink(scope, body))) },
  { op: listReviewLinksOp, handler: handle(listReviewLinksOp, (scope) => listReviewLinks(scope)) },
  { op: revokeReviewLinkOp, handler: handle(revokeReviewLinkOp, (scope, { params }) => revokeReviewLink(scope, params.id)) },
  { op: listApprovalsOp, handler: handle(listApprovalsOp, (scope, { query }) => listApprovals(scope, query)) },
  { op: approvePostGroupOp, handler: handle(approvePostGroupOp, (scope, { params, body }) => approvePostGroup(scope, params.id, body)) },
  { op: rejectPostGroupOp, handler: handle(rejectPostGroupOp, (scope, { params, body }) => rejectPostGroup(scope, params.id, body)) },
  { op: listPostGroupCommentsOp, handler: handle(listPostGroupCommentsOp, (scope, { params }) => listComments(scope, { postGroupId: params.id })) },
  {
    op: addPostGroupCommentOp,
    handler: handle(addPostGroupCommentOp, async (scope, { params, body }) => {
      const added = await addComment(scope, { postGroupId: params.id }, body);
      return reply(added.replay ? 200 : 201, added.comment);
    }),
  },
  { op: getPublishJobOp, handler: handle(getPublishJobOp, (scope, { params }) => getPublishJob(scope, params.id)) },
  {
    op: schedulePostsOp,
    handler: handle(schedulePostsOp, async (scope, { body }) => {
      const answer = await schedulePosts(scope, body);
      const provider = answer.body.results[0]?.provider;
      const accepted = answer.outcome === "accepted" && !(provider && SCHEDULE_ANSWERED_AS_DONE.includes(provider));
      return reply(accepted ? 202 : 200, answer.body);
    }),
  },
  { op: createDraftOp, handler: handle(createDraftOp, async (scope, { body }) => reply(201, await saveDraft(scope, body))) },
  { op: listDraftsOp, handler: handle(listDraftsOp, async (scope) => ({ drafts: await listDrafts(scope) })) },
  { op: getDraftOp, handler: handle(getDraftOp, (scope, { params }) => getDraft(scope, params.id)) },
  { op: updateDraftOp, handler: handle(updateDraftOp, (scope, { params, body }) => saveDraft(scope, { id: params.id, composition: body.composition })) },
  { op: deleteDraftOp, handler: handle(deleteDraftOp, (scope, { params }) => deleteDraft(scope, params.id)) },
  { op: listDraftCommentsOp, handler: handle(listDraftCommentsOp, (scope, { params }) => listComments(scope, { draftId: params.id })) },
  {
    op: addDraftCommentOp,
    handler: handle(addDraftCommentOp, async (scope, { params, body }) => {
      const added = await addComment(scope, { draftId: params.id }, body);
      return reply(added.replay ? 200 : 201, added.comment);
    }),
  },
  { op: listScheduledPostsOp, handler: handle(listScheduledPostsOp, (scope, { query }) => listScheduledPosts(scope, query)) },
  { op: listPostsOp, handler: handle(listPostsOp, (scope, { query }) => listPosts(scope, query)) },
  { op: repostOp, handler: handle(repostOp, async (scope, { body }) => reply(201, await repost(scope, body))) },
  { op: carouselOptionsOp, handler: handle(carouselOptionsOp, (scope, { query }) => getCarouselOptions(scope, query)) },
  {
    op: createCarouselOp,
    handler: handle(createCarouselOp, async (scope, { body }) => {
      const answer = await createCarousel(scope, body);
      return reply(answer.status, answer.body);
    }),
  },
  { op: getCarouselOp, handler: handle(getCarouselOp, (scope, { params }) => getCarousel(scope, params.id)) },
  { op: cancelScheduledPostOp, handler: handle(cancelScheduledPostOp, (scope, { params, query }) => cancelScheduledPost(scope, params.id, query.platform)) },
  { op: getPostingScheduleOp, handler: handle(getPostingScheduleOp, (scope, { params }) => getPostingSchedule(scope, params.id)) },
  { op: putPostingScheduleOp, handler: handle(putPostingScheduleOp, (scope, { params, body }) => putPostingSchedule(scope, params.id, body)) },
  { op: getNextSlotOp, handler: handle(getNextSlotOp, (scope, { params }) => getNextSlot(scope, params.id)) },
  { op: getQueueOp, handler: handle(getQueueOp, (scope, { query }) => getQueue(scope, query.accountId)) },
  { op: moveQueueItemOp, handler: handle(moveQueueItemOp, (scope, { body }) => moveQueueItem(scope, body.scheduledPostId, body.position)) },
  { op: shuffleQueueOp, handler: handle(shuffleQueueOp, (scope, { body }) => shuffleQueue(scope, body.accountId)) },
  {
    op: createImportOp,
    handler: handle(createImportOp, async (scope, { body }) => {
      const answer = await createImport(scope, body);
      // a replay answers as the import did: the same importId, accepted
      return answer.dryRun ? reply(200, answer.body) : reply(202, answer.body);
    }),
  },
  { op: getImportOp, handler: handle(getImportOp, (scope, { params }) => getImport(scope, params.id)) },
  { op: createFeedOp, handler: handle(createFeedOp, async (scope, { body }) => reply(201, await createFeed(scope, body))) },
  { op: listFeedsOp, handler: handle(listFeedsOp, (scope) => listFeeds(scope)) },
  { op: getFeedOp, handler: handle(getFeedOp, (scope, { params }) => getFeed(scope, params.id)) },
  { op: fetchFeedOp, handler: handle(fetchFeedOp, (scope, { params }) => pollFeedNow(scope, params.id)) },
  { op: deleteFeedOp, handler: handle(deleteFeedOp, (scope, { params }) => deleteFeed(scope, params.id)) },
  { op: publishNextInQueueOp, handler: handle(publishNextInQueueOp, (scope, { body }) => publishNextNow(scope, body.accountId)) },
  { op: editScheduledPostOp, handler: handle(editScheduledPostOp, (scope, { params, body }) => editScheduledPost(scope, params.id, body)) },
  { op: createWebhookOp, handler: handle(createWebhookOp, async (scope, { body }) => reply(201, await createWebhook(scope, body))) },
  { op: listWebhooksOp, handler: handle(listWebhooksOp, (scope) => listWebhooks(scope)) },
  { op: getWebhookOp, handler: handle(getWebhookOp, (scope, { params }) => getWebhook(scope, params.id)) },
  { op: updateWebhookOp, handler: handle(updateWebhookOp, (scope, { params, body }) => updateWebhook(scope, params.id, body)) },
  {
    op: deleteWebhookOp,
    handler: handle(deleteWebhookOp, async (scope, { params }) => {
      await deleteWebhook(scope, params.id);
      return { deleted: 1 as const };
    }),
  },
  { op: testWebhookOp, handler: handle(testWebhookOp, (scope, { params }) => sendTestEvent(scope, params.id)) },
  { op: listDeliveriesOp, handler: handle(listDeliveriesOp, (scope, { params, query }) => listDeliveries(scope, params.id, query)) },
  { op: redeliverOp, handler: handle(redeliverOp, async (scope, { params }) => reply(202, await redeliver(scope, params.id, params.deliveryId))) },
];
