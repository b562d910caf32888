// multipart/form-data read byte for byte. The web FormData parser (Hono's parseBody) decodes a
// part without a filename as UTF-8 text, which corrupts binary data; clients send file chunks so
// (twitter-api-v2's APPEND: `Content-Type: application/octet-stream`, no filename).

export type FormPart = { bytes: Buffer; filename?: string; contentType?: string };

const CRLF2 = Buffer.from("\r\n\r\n");

/** The parts of a multipart/form-data body by field name, or undefined when it is malformed. */
export function parseFormData(body: Buffer, contentType: string): Map<string, FormPart> | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts = new Map<string, FormPart>();
  let at = body.indexOf(delimiter);
  if (at < 0) return undefined;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === "--") return parts; // the closing delimiter
    const headersEnd = body.indexOf(CRLF2, at);
    if (headersEnd < 0) return undefined;
    const next = body.indexOf(Buffer.concat([Buffer.from("\r\n"), delimiter]), headersEnd);
    if (next < 0) return undefined;
    const headers = body.subarray(at, headersEnd).toString("latin1");
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? "";
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name !== undefined) {
      parts.set(name, {
        bytes: body.subarray(headersEnd + CRLF2.length, next),
        filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
        contentType: /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim(),
      });
    }
    at = next + 2;
  }
}
