import { unknownPath } from "@/server/http/handle";

// Any /api/v1 path without a route of its own: 404 in the error envelope.
export const GET = unknownPath;
export const POST = unknownPath;
export const PUT = unknownPath;
export const PATCH = unknownPath;
export const DELETE = unknownPath;
