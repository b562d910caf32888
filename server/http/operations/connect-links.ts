import {
  connectLinkListSchema,
  connectLinkParams,
  connectLinkSchema,
  connectLinkWithUrlSchema,
  createConnectLinkBody,
} from "../../domain/connect-links/connect-links.schema.ts";
import { defineOperation } from "../operation.ts";

const connectLink = {
  connectLinkId: "5d2c8e1a-3b4f-4a6c-9d7e-2f1a0b9c8d7e",
  providers: ["instagram", "facebook"],
  expiresAt: "2026-12-08T09:00:00.000Z",
  maxUses: 1,
  uses: 0,
  status: "active",
  createdBy: "onboarding (pst_Ab3d…)",
  revokedAt: null,
  createdAt: "2026-12-01T09:00:00.000Z",
};

export const createConnectLinkOp = defineOperation({
  operationId: "createConnectLink",
  method: "POST",
  path: "/api/v1/connect-links",
  tag: "Connect links",
  scope: "accounts:write",
  summary: "Create a client connect link",
  description: [
    "A link for someone without a Posteady login (a client) to connect one of their accounts into the key's workspace: they open `url`, pick one of `providers`, sign in on the platform and consent, and land on a page saying the account is connected; the account joins the workspace and the `account.connected` webhook fires.",
    "",
    "Defaults: every platform this installation connects through a link (OAuth through its own apps, Mastodon on the server the person names, Bluesky through Sign in with Bluesky where available), 7 days, one use. `expiresAt` at most 90 days ahead; `maxUses` 1 to 100 (each completed connection is one use). The `url` holds the link's secret and is answered only here: only its hash is kept.",
  ].join("\n"),
  body: createConnectLinkBody,
  bodyExample: { providers: ["instagram", "facebook"], maxUses: 1 },
  responses: {
    201: {
      description: "Created; `url` is shown only here",
      schema: connectLinkWithUrlSchema,
      example: { ...connectLink, url: "https://posteady.example/connect/qF3n0Zb7kQ2vX9mL1sT4wY6uA8cE5gH0jK2nP4rS6tU" },
    },
  },
});

export const listConnectLinksOp = defineOperation({
  operationId: "listConnectLinks",
  method: "GET",
  path: "/api/v1/connect-links",
  tag: "Connect links",
  scope: "accounts:read",
  summary: "List client connect links",
  description: "The workspace's connect links, newest first (at most 200), with their uses and status; never their URL.",
  responses: { 200: { description: "The workspace's connect links", schema: connectLinkListSchema, example: { connectLinks: [connectLink] } } },
});

export const revokeConnectLinkOp = defineOperation({
  operationId: "revokeConnectLink",
  method: "DELETE",
  path: "/api/v1/connect-links/{id}",
  tag: "Connect links",
  scope: "accounts:write",
  summary: "Revoke a client connect link",
  description:
    "The link stops working at once: opening it says it was withdrawn, and a connection under way through it stores nothing. Accounts already connected through it stay. Revoking it again answers it as it is.",
  params: connectLinkParams,
  responses: {
    200: {
      description: "The revoked link",
      schema: connectLinkSchema,
      example: { ...connectLink, status: "revoked", revokedAt: "2026-12-02T10:00:00.000Z" },
    },
  },
  errors: ["NOT_FOUND"],
});
