import "../core";
import { render } from "preact";
import type { GameRecord, GameSnapshot } from "../../../src/shared/api";
import { api } from "../api";
import { teamCount } from "../describe";
import { t } from "../i18n/index";
import { rememberedSeats } from "../store";
import { eventHand, type ReplayHand, recordHands } from "./positions";
import { replayView } from "./view";

/**
 * The replay: every move of every finished hand, and of the hand in play as
 * far as this viewer may see it. The position is in the address
 * (`/game/{id}/replay?hand=2&move=31`, hands counted from 1, moves from 0 for
 * the deal) so that it can be shared; arrow keys step through it.
 */
export class ReplayPage {
  private hands: ReplayHand[] = [];
  /** What was said at the table, at its place among the moves (docs/record.md `chat`). */
  private chat: NonNullable<GameRecord["chat"]> = [];
  private snap: GameSnapshot | null = null;
  private hand = 0;
  private move = 0;
  private failed = false;
  private loaded = false;
  private closed = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly gameId: string,
  ) {}

  async open(): Promise<void> {
    document.title = `${t.replay.title} · ${t.common.brand}`;
    addEventListener("keydown", this.keys);
    this.render();
    // This browser's own seat, if it has one: the hand in play shows its cards.
    const token = rememberedSeats()[this.gameId]?.token ?? null;
    try {
      const [record, snap] = await Promise.all([
        api.record(this.gameId, token).catch(() => api.record(this.gameId)),
        api.snapshot(this.gameId, token).catch(() => api.snapshot(this.gameId, null)),
      ]);
      this.snap = snap;
      this.hands = recordHands(record);
      this.chat = record.chat ?? [];
      const inPlay = snap.view.hand;
      if (inPlay && inPlay.end === null && !this.hands.some((h) => h.number === inPlay.number)) {
        const viewer = snap.viewer;
        const history = await api.events(this.gameId, viewer === null ? null : token, 0, 0);
        const current = eventHand(
          history.events.slice(history.events.findLastIndex((x) => x.type === "handStarted")),
          viewer,
          snap.view.players,
          teamCount(snap.view.players),
        );
        if (current) this.hands.push(current);
      }
    } catch {
      this.failed = true;
    }
    this.loaded = true;
    const params = new URLSearchParams(location.search);
    const wanted = Number(params.get("hand") ?? "");
    const at = this.hands.findIndex((h) => h.number + 1 === wanted);
    this.hand = at >= 0 ? at : Math.max(0, this.hands.length - 1);
    const positions = this.hands[this.hand]?.positions.length ?? 1;
    const move = Number(params.get("move") ?? "");
    this.move = Number.isInteger(move) && move >= 0 ? Math.min(move, positions - 1) : at >= 0 ? 0 : positions - 1;
    this.go(this.hand, this.move);
  }

  close(): void {
    this.closed = true;
    removeEventListener("keydown", this.keys);
    render(null, this.root);
  }

  private readonly keys = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (target?.matches("input, select, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
    const last = (this.hands[this.hand]?.positions.length ?? 1) - 1;
    const moves: Record<string, () => void> = {
      ArrowRight: () => this.go(this.hand, this.move + 1),
      ArrowLeft: () => this.go(this.hand, this.move - 1),
      Home: () => this.go(this.hand, 0),
      End: () => this.go(this.hand, last),
      PageDown: () => this.go(this.hand + 1, 0),
      PageUp: () => this.go(this.hand - 1, 0),
    };
    const step = moves[event.key];
    if (!step) return;
    event.preventDefault();
    step();
  };

  /** Moves to a position, keeping the address in step with it. */
  go(hand: number, move: number): void {
    if (this.closed) return;
    this.hand = Math.max(0, Math.min(this.hands.length - 1, hand));
    const positions = this.hands[this.hand]?.positions.length ?? 1;
    this.move = Math.max(0, Math.min(positions - 1, move));
    const current = this.hands[this.hand];
    if (current) history.replaceState(null, "", `/game/${this.gameId}/replay?hand=${current.number + 1}&move=${this.move}`);
    this.render();
  }

  render(): void {
    if (this.closed) return;
    render(
      replayView(
        {
          gameId: this.gameId,
          snap: this.snap,
          hands: this.hands,
          chat: this.chat,
          hand: this.hand,
          move: this.move,
          loaded: this.loaded,
          failed: this.failed,
          seat: rememberedSeats()[this.gameId] ?? null,
        },
        { go: (hand, move) => this.go(hand, move) },
      ),
      this.root,
    );
  }
}
