import { addComment } from "../../domain/comments/add-comment.ts";
import { oneTarget } from "../../domain/comments/comment-target.ts";
import { addCommentBody, commentTargetInput } from "../../domain/comments/comments.schema.ts";
import { listComments } from "../../domain/comments/list-comments.ts";
import { router, workspaceProcedure } from "../init.ts";

export const commentsRouter = router({
  list: workspaceProcedure.input(commentTargetInput).query(({ ctx, input }) => listComments(ctx.scope, oneTarget(input))),
  add: workspaceProcedure
    .input(commentTargetInput.extend(addCommentBody.shape))
    .mutation(async ({ ctx, input: { postGroupId, draftId, ...body } }) => (await addComment(ctx.scope, oneTarget({ postGroupId, draftId }), body)).comment),
});
