import { gameNow } from "../clock/time";
import type { SubscriptionRow } from "../db/notifications";
import { catalog } from "../i18n/index";
import { type Links, links as linksOf } from "./config";
import { inertMessage } from "./inert";
import type { Message } from "./phrases";
import { recoveryUsedMessage, signInMessage } from "./sign-in";
import type { GameNotification, Notice } from "./types";
import type { WebhookEvent } from "./webhook";
import { confirmMessage, digestMessage, gameMessage, testMessage } from "./words";

/** The seat of a game that a player-scope subscription's owner holds, if any (for the link to their own seat). */
export function ownSeat(n: GameNotification, sub: SubscriptionRow): number | null {
  if (sub.scope !== "player" || sub.ownerHash === null) return null;
  if (
    (n.type === "turn" || n.type === "reminder" || n.type === "timedOut" || n.type === "seatReissued") &&
    n.players[n.seat] === sub.ownerHash
  )
    return n.seat;
  const seat = n.players.indexOf(sub.ownerHash);
  return seat >= 0 ? seat : null;
}

/** The public facts of a game notification, as a standard webhook's `data`. */
function eventData(n: GameNotification, url: string, title: string): Record<string, unknown> {
  const { players: _players, links: _links, at: _at, clockOffset: _offset, ...facts } = n;
  const deadline = "deadline" in n && n.deadline !== null ? new Date(n.deadline).toISOString() : undefined;
  return { ...facts, ...(deadline ? { deadline } : {}), url, text: title };
}

/**
 * A notice in the subscriber's language, with its webhook event. Every text of its message is made inert
 * (notify/inert.ts): whatever players wrote in it, its only links are those the service made.
 */
export function render(
  notice: Notice,
  sub: SubscriptionRow,
  publicUrl: string,
  now: number,
  seatToken: string | null = null,
): { message: Message; event: WebhookEvent } {
  const links: Links = linksOf(publicUrl);
  const lang = sub.language;
  const safe = (message: Message) => inertMessage(message, catalog(lang).typedLink);
  const timestamp = new Date(now).toISOString();
  switch (notice.type) {
    case "game": {
      const n = notice.notification;
      const seat = ownSeat(n, sub);
      // A seat given a fresh link is no longer its old player's: they are sent to the public table.
      const link =
        n.type === "invited"
          ? n.link
          : n.type === "roundBye"
            ? links.tournament(n.bye.id)
            : seat === null || n.type === "seatReissued"
              ? links.game(n.gameId)
              : links.seat(n.gameId, seat, seatToken);
      // Time left is counted by the game's own clock.
      const message = safe(gameMessage(n, lang, link, gameNow(n.clockOffset ?? 0, now), seat));
      return { message, event: { type: `game.${n.type}`, timestamp, data: eventData(n, link, message.title) } };
    }
    case "digest": {
      const message = safe(digestMessage(notice.games, lang, (g) => links.seat(g.gameId, g.seat), now));
      return { message, event: { type: "digest", timestamp, data: { date: notice.date, games: notice.games } } };
    }
    case "confirm":
      return { message: safe(confirmMessage(links.confirm(notice.token), lang)), event: { type: "confirm", timestamp, data: {} } };
    case "signIn":
      return {
        message: safe(signInMessage(links.signIn(notice.token), lang, notice.player ?? null)),
        event: { type: "signIn", timestamp, data: {} },
      };
    case "recoveryUsed": {
      const message = safe(recoveryUsedMessage(links.devices, lang, notice.device));
      const data = { at: new Date(notice.at).toISOString(), device: notice.device, text: message.title };
      return { message, event: { type: "recoveryUsed", timestamp, data } };
    }
    case "test": {
      const message = safe(testMessage(lang, links.preferences(sub.gameId)));
      return { message, event: { type: "test", timestamp, data: { text: message.title } } };
    }
  }
}
