import { Webhook } from "standardwebhooks";
import { type Outcome, outcomeOf, timedFetch } from "./outcome";
import { type Message, paragraphText } from "./phrases";
import type { WebhookFormat } from "./types";

/**
 * Webhooks. Discord and Slack incoming-webhook URLs get their own payloads
 * (a chat line with the link); every other receiver gets a JSON event
 * signed per the Standard Webhooks specification by the `standardwebhooks`
 * library (it runs in the Workers runtime: pure JavaScript HMAC-SHA256).
 */

/** A request may take at most this long (the issue's cap is 15 s). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Recognises Discord and Slack incoming-webhook URLs; anything else is a standard receiver. */
export function webhookFormat(url: URL): WebhookFormat {
  const host = url.hostname.toLowerCase();
  if (/^(ptb\.|canary\.)?discord(app)?\.com$/.test(host) && /^\/api\/(v\d+\/)?webhooks\/\d+\/[\w-]+\/?$/.test(url.pathname))
    return "discord";
  if (host === "hooks.slack.com" && url.pathname.startsWith("/services/")) return "slack";
  return "standard";
}

/** A fresh signing secret: `whsec_` and 32 random bytes in base64, as the specification writes them. */
export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/** The standard event: `{ type, timestamp, data }`, the envelope the specification recommends. */
export interface WebhookEvent {
  readonly type: string;
  readonly timestamp: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** Slack's mrkdwn treats &, < and > as markup (and <!channel> as a mention): escape them. */
function slackEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Discord reads Markdown in names; mentions are switched off by `allowed_mentions` below. */
function discordEscape(text: string): string {
  return text.replace(/([\\*_~`|>#[\]()-])/g, "\\$1");
}

/** The body for a receiver of this format. */
export function webhookBody(format: WebhookFormat, message: Message, event: WebhookEvent): string {
  const url = message.action?.url ?? null;
  switch (format) {
    case "discord":
      return JSON.stringify({
        content: `${discordEscape(message.title)}${url ? `\n${url}` : ""}`,
        embeds: [
          {
            title: message.action?.label ?? message.title,
            ...(url ? { url } : {}),
            description: message.paragraphs.map((p) => discordEscape(paragraphText(p))).join("\n"),
          },
        ],
        // A player's name must never ping @everyone.
        allowed_mentions: { parse: [] },
      });
    case "slack": {
      const line = url ? `${slackEscape(message.title)} <${url}|${slackEscape(message.action!.label)}>` : slackEscape(message.title);
      return JSON.stringify({
        text: line,
        blocks: [
          { type: "section", text: { type: "mrkdwn", text: `*${line}*` } },
          ...(message.paragraphs.length > 0
            ? [{ type: "section", text: { type: "mrkdwn", text: message.paragraphs.map((p) => slackEscape(paragraphText(p))).join("\n") } }]
            : []),
        ],
      });
    }
    case "standard":
      return JSON.stringify(event);
  }
}

/** Standard Webhooks headers for a body: the id stays the same on every retry, the timestamp is the attempt's. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}

/** Posts a webhook; 410 Gone means the receiver asks to be forgotten. */
export async function postWebhook(
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  fetcher: typeof fetch = fetch,
): Promise<Outcome> {
  const answer = await timedFetch(
    fetcher,
    url,
    { method: "POST", headers: { "content-type": "application/json", "user-agent": "Burraco-Webhooks/1", ...headers }, body },
    WEBHOOK_TIMEOUT_MS,
  );
  if ("error" in answer) return { kind: "failed", status: null, error: answer.error };
  return outcomeOf(answer.response, [410]);
}
