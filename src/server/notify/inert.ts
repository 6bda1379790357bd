import { LinkifyIt } from "linkify-it";
import tlds from "tlds";
import type { Message, Paragraph } from "./phrases";

/**
 * What a player typed (a chat message, a name) as it travels in a message the
 * service sends. Only links the service itself made are links: but a mail
 * client, a phone's notification or a Discord or Slack message makes a live
 * link of anything that looks like one, escaped or not. So every run of a
 * player's text that such a client could take for a link — a URL with any
 * scheme, a bare domain on any top-level domain, an email address, an IP
 * address — is replaced by a word (`[link]`): a player cannot put a live link,
 * not even one to this service's own pages, in a message the service sends.
 * linkify-it finds them as autolinkers do (the maintained matcher behind
 * markdown-it), with the full list of top-level domains from `tlds`.
 */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true }).tlds(tlds, true);

/** Top-level domains, lower case, for what linkify-it leaves: a bare host with a port ("example.com:8080/x"). */
const TLDS = new Set(tlds);
const HOST_WITH_PORT = /(?:[\p{L}\p{N}-]+\.)+(\p{L}{2,63}):\d{1,5}(?:[/?#]\S*)?/gu;

/** The [start, end) runs of `text` a client could make a link of. */
function linkRuns(text: string): [number, number][] {
  const runs: [number, number][] = (linkify.match(text) ?? []).map((m) => [m.index, m.lastIndex]);
  for (const m of text.matchAll(HOST_WITH_PORT)) if (TLDS.has(m[1]!.toLowerCase())) runs.push([m.index, m.index + m[0].length]);
  return runs.sort((a, b) => a[0] - b[0]);
}

export function inert(text: string, word: string): string {
  let out = "";
  let at = 0;
  for (const [start, end] of linkRuns(text)) {
    if (end <= at) continue;
    out += start >= at ? `${text.slice(at, start)}${word}` : "";
    at = end;
  }
  return out + text.slice(at);
}

/**
 * A message with every text in it made inert (`inert`): subject, title and
 * paragraphs, whatever template wrote them and whatever player text they
 * carry. Its links — the action's and a paragraph's own — are the service's.
 */
export function inertMessage(message: Message, word: string): Message {
  const of = (text: string) => inert(text, word);
  const paragraph = (p: Paragraph): Paragraph => (typeof p === "string" ? of(p) : { ...p, text: of(p.text) });
  return { ...message, subject: of(message.subject), title: of(message.title), paragraphs: message.paragraphs.map(paragraph) };
}
