/**
 * The product's emails: plain text and HTML from one description, in the product's words, with
 * the product's name. Every value is escaped in the HTML; links are absolute (MailConfig.publicUrl).
 */
export interface MailContent {
  subject: string;
  /** Opening line, e.g. "Hello Ada,". */
  greeting: string;
  /** The paragraphs, in order. */
  paragraphs: string[];
  /** The one thing to do: a button (link) or a code to type. */
  action?: { label: string; url: string } | { code: string };
  /** Why they got it, and what to do if it was not them. */
  footer: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The link or code, for the service log when mail goes to the outbox. */
  highlight: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function renderMail(productName: string, content: MailContent): RenderedMail {
  const { action } = content;
  const highlight = action === undefined ? "" : "code" in action ? action.code : action.url;
  const textAction =
    action === undefined ? [] : "code" in action ? [`Your code: ${action.code}`] : [`${action.label}: ${action.url}`];
  const text = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...textAction,
    "",
    "—",
    content.footer,
    productName,
  ]
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");

  const htmlAction =
    action === undefined
      ? ""
      : "code" in action
        ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;margin:24px 0">${escapeHtml(action.code)}</p>`
        : `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1976d2;color:#fff;padding:12px 20px;border-radius:12px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="color:#666;font-size:13px">Or open this link: ${escapeHtml(action.url)}</p>`;
  const html = `<!doctype html>
<html><body style="font-family:Roboto,Helvetica,Arial,sans-serif;color:#1f2933;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(productName)}</h1>
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${htmlAction}
<hr style="border:none;border-top:1px solid #e0e0e0;margin:32px 0 16px">
<p style="color:#666;font-size:13px">${escapeHtml(content.footer)}</p>
</body></html>`;
  return { subject: `${productName}: ${content.subject}`, text, html, highlight };
}
