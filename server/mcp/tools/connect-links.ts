import { z } from "zod";
import { createConnectLink, listConnectLinks, revokeConnectLink } from "../../domain/connect-links/manage-connect-links.ts";
import {
  connectLinkListSchema,
  connectLinkParams,
  connectLinkSchema,
  connectLinkWithUrlSchema,
  createConnectLinkBody,
} from "../../domain/connect-links/connect-links.schema.ts";
import { defineTool } from "../tool.ts";

export const createConnectLinkTool = defineTool({
  name: "create_connect_link",
  title: "Create a client connect link",
  scope: "accounts:write",
  description:
    "A link to send to someone without a Posteady login (a client) so they connect one of their accounts into this workspace: they open it, pick a platform, consent on the platform and the account joins the workspace. Optional providers (default: every platform connectable through a link here), expiresAt (default 7 days, at most 90), maxUses (default 1, at most 100). Answers the url, shown only here.",
  input: createConnectLinkBody,
  output: connectLinkWithUrlSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: (scope, input) => createConnectLink(scope, input),
});

export const listConnectLinksTool = defineTool({
  name: "list_connect_links",
  title: "List client connect links",
  scope: "accounts:read",
  description:
    "The workspace's client connect links, newest first: platforms, uses of maxUses, expiry and status (active, used, expired, revoked); never their url.",
  input: z.strictObject({}),
  output: connectLinkListSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: (scope) => listConnectLinks(scope),
});

export const revokeConnectLinkTool = defineTool({
  name: "revoke_connect_link",
  title: "Revoke a client connect link",
  scope: "accounts:write",
  description: "Stops a client connect link at once (a connection under way through it stores nothing); accounts already connected stay. Answers the link.",
  input: z.strictObject({ connectLinkId: connectLinkParams.shape.id.meta({ description: "A connectLinkId of create_connect_link or list_connect_links" }) }),
  output: connectLinkSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: (scope, input) => revokeConnectLink(scope, input.connectLinkId),
});
