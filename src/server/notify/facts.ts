import { type GameEvent, makeCards } from "../../engine/index";
import type { PublicMove } from "./types";

/**
 * A seat's turn as the table saw it, from the engine's full events of that
 * turn. Only what every player saw is kept: a card drawn from the stock and
 * the cards of a pozzetto stay the drawer's secret (just "drew", "took the
 * pozzetto"), and a picked-up discard pile is told by its size, since a
 * closed pile hides every card below its top. Melded, attached and
 * discarded cards were laid face up.
 */
export function publicMove(seat: number, events: readonly GameEvent[]): PublicMove {
  let drew: PublicMove["drew"] = null;
  const melded: string[][] = [];
  const attached: string[][] = [];
  let tookPozzetto = false;
  let discarded: string | null = null;
  for (const event of events) {
    if (!("seat" in event) || event.seat !== seat) continue;
    switch (event.type) {
      case "drew":
        drew = { from: "stock" };
        break;
      case "pickedUp":
        drew = { from: "pile", count: event.cards.length };
        break;
      case "melded":
        melded.push(makeCards(event.cards));
        break;
      case "attached":
        attached.push(makeCards(event.cards));
        break;
      case "pozzettoTaken":
        tookPozzetto = true;
        break;
      case "discarded":
        discarded = makeCards([event.card])[0]!;
        break;
      default:
        break;
    }
  }
  return { seat, drew, melded, attached, tookPozzetto, discarded };
}
