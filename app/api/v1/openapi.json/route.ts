import { methods } from "@/server/http/handle";
import { openApiResponse } from "@/server/http/openapi-route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: openApiResponse });
