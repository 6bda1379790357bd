import { catalog } from "../i18n/index";
import { SIGN_IN_MINUTES } from "../players/link-life";
import type { Message } from "./phrases";
import type { Language } from "./types";

/** The sign-in message (players/links.ts): a one-time link that links the device it is opened on to the player, named. */
export function signInMessage(link: string, lang: Language, player: string | null): Message {
  const t = catalog(lang).signIn;
  return {
    subject: t.subject,
    title: player === null ? t.title : t.titleAs(player),
    paragraphs: t.body(SIGN_IN_MINUTES),
    action: { label: t.action, url: link },
  };
}
