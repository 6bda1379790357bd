import { EmailMessage } from "cloudflare:email";
import { createMimeMessage } from "mimetext";
import { type Message, type Paragraph, paragraphText } from "./phrases";
import type { Language } from "./types";
import { footerWords } from "./words";

/**
 * Email: a message in plain text and HTML, with the list headers mailbox
 * providers expect (RFC 2369 `List-Id`/`List-Unsubscribe`, RFC 8058
 * one-click `List-Unsubscribe-Post`), written as one MIME message by
 * `mimetext` and handed to the `send_email` binding as an `EmailMessage`.
 * The raw form (rather than the binding's structured `send({...})`) is what
 * wrangler's local runtime writes whole, headers included, to a `.eml` file
 * (docs/notifications.md), so what is tested is what would be sent.
 */

export interface EmailParts {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface EmailLinks {
  /** The one-click https target (List-Unsubscribe). */
  readonly unsubscribe: string;
  /** The page behind the body's "stop these messages" link. */
  readonly unsubscribePage: string;
  readonly preferences: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);
}

/**
 * A paragraph in HTML: its text escaped, never a link (it may carry what
 * players wrote, made inert by notify/inert.ts), then the service's own link
 * if it has one.
 */
function htmlParagraph(p: Paragraph): string {
  if (typeof p === "string") return escapeHtml(p);
  return `${escapeHtml(p.text)} <a href="${escapeHtml(p.url)}">${escapeHtml(p.url)}</a>`;
}

export function composeEmail(message: Message, to: string, lang: Language, listId: string, links: EmailLinks): EmailParts {
  const footer = footerWords(lang);
  const text = [
    message.title,
    "",
    ...message.paragraphs.flatMap((p) => [paragraphText(p), ""]),
    ...(message.action ? [`${message.action.label}: ${message.action.url}`, ""] : []),
    "-- ",
    footer.why,
    `${footer.preferences}: ${links.preferences}`,
    `${footer.unsubscribe}: ${links.unsubscribePage}`,
    "",
  ].join("\r\n");
  const action = message.action
    ? `<p><a href="${escapeHtml(message.action.url)}" style="display:inline-block;padding:10px 18px;background:#14532d;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(message.action.label)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<h1 style="font-size:1.25em">${escapeHtml(message.title)}</h1>
${message.paragraphs.map((p) => `<p>${htmlParagraph(p)}</p>`).join("\n")}
${action}
<hr><p style="font-size:.85em;color:#555">${escapeHtml(footer.why)}<br>
<a href="${escapeHtml(links.preferences)}">${escapeHtml(footer.preferences)}</a> · <a href="${escapeHtml(links.unsubscribePage)}">${escapeHtml(footer.unsubscribe)}</a></p>
</body></html>
`;
  return {
    to,
    subject: message.subject,
    text,
    html,
    headers: {
      "List-Id": listId,
      "List-Unsubscribe": `<${links.unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
      "Content-Language": lang,
    },
  };
}

/** The whole message in MIME (multipart/alternative: text, then HTML). */
export function mimeOf(parts: EmailParts, from: { email: string; name: string }): string {
  const mime = createMimeMessage();
  mime.setSender({ name: from.name, addr: from.email });
  mime.setRecipient(parts.to);
  mime.setSubject(parts.subject);
  for (const [name, value] of Object.entries(parts.headers)) mime.setHeader(name, value);
  mime.addMessage({ contentType: "text/plain", data: parts.text });
  mime.addMessage({ contentType: "text/html", data: parts.html });
  return mime.asRaw();
}

/** Sends through the `send_email` binding; throws what the binding throws. */
export async function sendEmail(binding: SendEmail, parts: EmailParts, from: { email: string; name: string }): Promise<string | null> {
  const sent = (await binding.send(new EmailMessage(from.email, parts.to, mimeOf(parts, from)))) as unknown as
    | { messageId?: string }
    | undefined;
  return sent?.messageId ?? null;
}
