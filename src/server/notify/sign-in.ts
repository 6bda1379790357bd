import { catalog } from "../i18n/index";
import { SIGN_IN_MINUTES } from "../players/link-life";
import type { Message } from "./phrases";
import type { Language } from "./types";

/**
 * A new device joined the player with their recovery code (players/recovery.ts): their other devices and addresses
 * are told, so that a code someone else found is seen at once (the device is removed from "your devices").
 */
export function recoveryUsedMessage(link: string, lang: Language, device: string | null): Message {
  const t = catalog(lang).recoveryUsed;
  return { subject: t.subject, title: t.title, paragraphs: t.body(device), action: { label: t.action, url: link } };
}

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
