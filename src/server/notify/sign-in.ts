import type { Language } from "./types";
import type { Message } from "./words";

/** The sign-in message (players/links.ts): a one-time link that links the device it is opened on to the player. */
export function signInMessage(link: string, lang: Language): Message {
  const it = lang === "it";
  return {
    subject: it ? "Il tuo link per entrare in Burraco" : "Your Burraco sign-in link",
    title: it ? "Entra da questo dispositivo" : "Sign in on this device",
    paragraphs: [
      it
        ? "Apri il link sul dispositivo che vuoi usare: lo collegherà al tuo giocatore, con le tue partite e le tue notifiche. Vale 30 minuti e una volta sola."
        : "Open the link on the device you want to use: it links it to your player, with your games and notifications. It works once, within 30 minutes.",
      it
        ? "Se non l'hai chiesto tu, ignora questo messaggio: senza il link nessuno entra."
        : "If you did not ask for it, ignore this message: nobody gets in without the link.",
    ],
    action: { label: it ? "Entra" : "Sign in", url: link },
  };
}
