// The official twitter-api-v2 client, pointed at the sandbox: it builds each request for
// api.x.com as it would in production, then a plugin moves it to the sandbox's X prefix.
import http from "node:http";
import { TwitterApi } from "twitter-api-v2";
import { sandboxUrl } from "./platform-fixtures.ts";

export function officialXClient(accessToken: string): TwitterApi {
  const base = new URL(`${sandboxUrl()}/x/api/`);
  return new TwitterApi(accessToken, {
    httpAgent: new http.Agent(), // the sandbox speaks plain HTTP
    plugins: [
      {
        // After the client built the request (JSON or multipart body and all), point it at the sandbox.
        onBeforeRequest({ computedParams }) {
          const url = computedParams.url;
          url.pathname = base.pathname.replace(/\/$/, "") + url.pathname;
          url.protocol = base.protocol;
          url.host = base.host;
        },
      },
    ],
  });
}
