// One look for every email: a plain-text part and an HTML part saying the same, with the action
// as a big button and its URL written out (it must work when copied on a phone, or when the
// HTML part is not shown). Inline styles only: mail clients drop stylesheets.
export type EmailContent = {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** a line under the action, e.g. when the link expires */
  note?: string;
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderEmail(content: EmailContent): { subject: string; text: string; html: string } {
  const { heading, paragraphs, action, note } = content;
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(note ? [note, ""] : []),
    "— Posteady",
  ].join("\n");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escape(action.label)}</a></p>
<p style="font-size:13px;color:#475569;word-break:break-all">Or open this address: <a href="${escape(action.url)}" style="color:#4338ca">${escape(action.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">
<h1 style="font-size:20px;margin:0 0 16px">${escape(heading)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 12px">${escape(p)}</p>`).join("\n")}
${button}
${note ? `<p style="font-size:13px;color:#475569">${escape(note)}</p>` : ""}
<p style="font-size:13px;color:#475569;margin-top:32px">— Posteady</p>
</div></body></html>`;
  return { subject: content.subject, text, html };
}
