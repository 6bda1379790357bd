import type { GameSnapshot } from "../../../src/shared/api";
import { ApiError, api } from "../api";
import { rememberSeat } from "../store";
import type { matchEnd, RematchBox } from "./match-end";
import type { TableRoute } from "./route";

/**
 * The rematch at the end of a match. The first seat to press "Rematch"
 * makes it (POST /api/games/{id}/rematch); the others' tables learn of it
 * live (the snapshot's `rematch`) and lead each player to their own new
 * seat, whose link the server gives only to the seat that asks. The end of
 * the match is drawn by match-end.ts, a chunk loaded once a match is over
 * (a table at play never needs it).
 */

export class Rematch {
  box: RematchBox = { busy: false, error: null };
  /** The match's end drawn (match-end.ts), once the match is over and its chunk has arrived; null until then. */
  drawing: typeof matchEnd | null = null;
  private asked = false;

  constructor(
    private readonly page: { readonly route: TableRoute; readonly snap: GameSnapshot | null; render(): void },
    private readonly open: (route: TableRoute) => void,
  ) {}

  /** Asks for the match's end's chunk once the match is over; the table is drawn again when it arrives. */
  want(snap: GameSnapshot | null): void {
    if (this.asked || !snap || (!snap.view.match.over && snap.status !== "over")) return;
    this.asked = true;
    void import("./match-end").then(
      ({ matchEnd }) => {
        this.drawing = matchEnd;
        this.page.render();
      },
      () => {
        this.asked = false;
      },
    );
  }

  /** Asks for the rematch with this seat's link, keeps the new seat's link, and opens its table. */
  async ask(): Promise<void> {
    const { gameId, token } = this.page.route;
    if (this.box.busy || token === null) return;
    this.box = { busy: true, error: null };
    this.page.render();
    try {
      const made = await api.rematch(gameId, token);
      const names = this.page.snap?.seats.map((s) => s.name) ?? [];
      const moved = names.map((_, seat) => names[(seat + names.length - 1) % names.length] ?? null);
      rememberSeat(made.id, { seat: made.seat, token: made.token, names: moved, savedAt: new Date().toISOString() });
      // The finished game stays one step back in the history.
      history.pushState(null, "", `/game/${encodeURIComponent(made.id)}#seat=${made.token}`);
      this.box = { busy: false, error: null };
      this.open({ gameId: made.id, mode: "seat", token: made.token });
    } catch (error) {
      this.box = { busy: false, error: error instanceof ApiError ? error.code : "INTERNAL" };
      this.page.render();
    }
  }
}
