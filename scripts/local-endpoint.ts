// `npm run -s local-endpoint -- http://127.0.0.2:8080`: a stand-in for a public endpoint, to try
// media imports and webhooks on one machine (docs/api-media.md, "Trying it on one machine"). It
// serves the files of the folder it was started from (GET /<file name>) and answers every POST
// with 204, printing one line per delivery. Give it an address of its own and open only that one
// with URL_FETCH_ALLOW_CIDRS: the service itself listens on 127.0.0.1. Files carry an ETag and a
// Last-Modified, and a conditional GET of an unchanged file is answered 304 (feeds, docs/feeds.md).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

const address = new URL(process.argv[2] ?? "http://127.0.0.2:8080");
const folder = process.env.INIT_CWD ?? process.cwd(); // npm runs scripts from the project root

const server = http.createServer((req, res) => {
  if (req.method === "POST") {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let type = "";
      try {
        type = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type?: string }).type ?? "";
      } catch {
        // not JSON: printed without a type
      }
      console.log(`POST ${req.url} ${req.headers["webhook-id"] ?? ""} ${type}`.trimEnd());
      res.writeHead(204).end();
    });
    return;
  }
  if (req.url === "/") return void res.writeHead(200, { "Content-Type": "text/plain" }).end(`serving ${folder}\n`);
  const file = path.join(folder, path.basename(new URL(req.url ?? "/", address).pathname));
  fs.stat(file, (err, stat) => {
    if (err || !stat.isFile()) return void res.writeHead(404).end();
    const etag = `"${stat.size}-${Math.floor(stat.mtimeMs)}"`;
    const lastModified = stat.mtime.toUTCString();
    const since = req.headers["if-modified-since"];
    const unchanged =
      req.headers["if-none-match"] !== undefined
        ? req.headers["if-none-match"] === etag
        : since !== undefined && Math.floor(stat.mtimeMs / 1000) <= Date.parse(since) / 1000;
    if (unchanged) return void res.writeHead(304, { ETag: etag, "Last-Modified": lastModified }).end();
    res.writeHead(200, { "Content-Length": stat.size, ETag: etag, "Last-Modified": lastModified });
    fs.createReadStream(file).pipe(res);
  });
});

server.listen(Number(address.port || 80), address.hostname, () => console.log(`serving ${folder} at ${address.origin}`));
