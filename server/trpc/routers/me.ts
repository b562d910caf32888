// The signed-in person's own account (Settings → Account): sessions, password, email, two-factor.
// Personal settings, not a workspace's: no Scope or role, and no REST or MCP twin (API keys
// belong to a workspace, not a person).
import { changePassword } from "../../domain/me/change-password.ts";
import { requestEmailChange } from "../../domain/me/change-email.ts";
import {
  changePasswordInput,
  confirmTwoFactorInput,
  disableTwoFactorInput,
  requestEmailChangeInput,
  revokeSessionsInput,
  sessionIdInput,
} from "../../domain/me/me.schema.ts";
import { confirmTwoFactor, disableTwoFactor, startTwoFactor, twoFactorStatus } from "../../domain/me/two-factor.ts";
import { listSessions, revokeSession, revokeSessions } from "../../domain/me/user-sessions.ts";
import { findUserSummary } from "../../domain/auth/find-user.ts";
import { authedProcedure, router } from "../init.ts";

const person = (ctx: { userId: string; sessionId: string; address: string }) => ({ userId: ctx.userId, sessionId: ctx.sessionId, address: ctx.address });

export const meRouter = router({
  account: authedProcedure.query(async ({ ctx }) => {
    const [user, twoFactor] = await Promise.all([findUserSummary(ctx.userId), twoFactorStatus(ctx.userId)]);
    return { email: user!.email, name: user!.name, twoFactor };
  }),
  sessions: authedProcedure.query(({ ctx }) => listSessions(ctx.userId, ctx.sessionId)),
  revokeSession: authedProcedure.input(sessionIdInput).mutation(async ({ ctx, input }) => {
    await revokeSession(ctx.userId, input.sessionId);
    return { current: input.sessionId === ctx.sessionId };
  }),
  /** "Sign out everywhere else" (everywhere: false) or everywhere, this session included. */
  revokeSessions: authedProcedure.input(revokeSessionsInput).mutation(async ({ ctx, input }) => ({
    signedOut: await revokeSessions(ctx.userId, input.everywhere ? null : ctx.sessionId),
  })),
  changePassword: authedProcedure.input(changePasswordInput).mutation(({ ctx, input }) => changePassword(person(ctx), input)),
  requestEmailChange: authedProcedure.input(requestEmailChangeInput).mutation(({ ctx, input }) => requestEmailChange(person(ctx), input)),
  startTwoFactor: authedProcedure.mutation(({ ctx }) => startTwoFactor(person(ctx))),
  confirmTwoFactor: authedProcedure.input(confirmTwoFactorInput).mutation(({ ctx, input }) => confirmTwoFactor(person(ctx), input)),
  disableTwoFactor: authedProcedure.input(disableTwoFactorInput).mutation(async ({ ctx, input }) => {
    await disableTwoFactor(person(ctx), input);
    return { enabled: false };
  }),
});
