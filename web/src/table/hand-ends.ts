import type { GameSnapshot, WireEventOf } from "../../../src/shared/api";
import { api } from "../api";
import { closedSummary, rememberClosedSummary } from "../store";
import type { HandEndInfo } from "./hand-end";
import type { TableRoute } from "./route";

/** What the end-of-hand summary needs of the table's page (page.ts is one). */
export interface EndsHost {
  readonly snap: GameSnapshot | null;
  readonly route: TableRoute;
  /** The player's controls (seat-controls.ts): where the focus goes after the next render. */
  readonly controls: { focusSoon(selector: string): void };
  render(): void;
}

/**
 * The end-of-hand summary: shown when a hand ends (or, after an absence,
 * for the last hand that ended while away), kept until the player closes
 * it, and not offered again once closed in this browser. The final melds
 * come from the snapshot while the ended hand is still its hand (the
 * match's last); otherwise from the game's record, replayed by the engine.
 */
export class HandEnds {
  shown: HandEndInfo | null = null;

  constructor(private readonly page: EndsHost) {}

  private show(info: HandEndInfo): void {
    this.shown = info;
    this.page.controls.focusSoon("#hand-end-title");
  }

  /** A hand just ended, as its event tells. */
  ended(event: WireEventOf<"handEnded">): void {
    if (event.hand <= closedSummary(this.page.route.gameId)) return;
    const current = this.page.snap?.view.hand;
    const melds = current && current.number === event.hand ? current.melds : null;
    this.show({ hand: event.hand, end: event.end, scores: event.scores, hands: event.hands, melds });
    if (!melds) void this.melds(event.hand);
  }

  /** After an absence: the last hand that ended, if its summary was never closed here. */
  offerLast(snap: GameSnapshot): void {
    const last = [...snap.view.match.hands].reverse().find((hand) => hand.end !== null && hand.scores !== null);
    if (!last || last.number <= closedSummary(snap.id)) return;
    const current = snap.view.hand;
    if (current?.number === last.number && current.end && current.revealed && current.scores) {
      this.show({ hand: last.number, end: current.end, scores: current.scores, hands: current.revealed.hands, melds: current.melds });
      this.page.render();
      return;
    }
    void this.fromRecord(last.number)
      .then((hand) => {
        // Closed meanwhile, or another end shown: nothing to offer.
        if (!hand || this.shown || last.number <= closedSummary(snap.id)) return;
        this.show({ hand: last.number, ...hand });
        this.page.render();
      })
      .catch(() => undefined);
  }

  private async fromRecord(hand: number) {
    const { finishedHand } = await import("../replay/record-hands");
    return finishedHand(await api.record(this.page.route.gameId), hand);
  }

  private async melds(hand: number): Promise<void> {
    let melds: HandEndInfo["melds"] = [];
    try {
      melds = (await this.fromRecord(hand))?.melds ?? [];
    } catch {
      // Shown without its melds rather than never.
    }
    if (this.shown?.hand === hand) this.shown = { ...this.shown, melds };
    this.page.render();
  }

  close(): void {
    if (this.shown) rememberClosedSummary(this.page.route.gameId, this.shown.hand);
    this.shown = null;
    this.page.controls.focusSoon(this.page.route.mode === "seat" ? "#my-hand .hand-cards [tabindex='0']" : "#status");
    this.page.render();
  }
}
