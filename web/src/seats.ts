import type { GameSnapshot, SeatInfo } from "../../src/shared/api";
import { ApiError, api } from "./api";
import { endText, seatName, teamName, teamOf } from "./describe";
import { h } from "./dom";
import { rememberedSeats, rememberSeat } from "./store";

/** Who sits at the table and whose turn it is; taking a free seat with the invitation; watching without one. */

/** `announce` hears the turn's text for screen readers; the embed, a small part of another site's page, passes none. */
export function statusBanner(
  snap: GameSnapshot,
  me: number | null,
  myTurn: boolean,
  announce: ((text: string) => void) | null,
): HTMLElement {
  const hand = snap.view.hand;
  const match = snap.view.match;
  let text: string;
  let mine = false;
  if (snap.status === "over" || match.over) {
    text =
      match.winner === null ? "The match is over." : `The match is over: ${teamName(snap.seats, match.winner, snap.view.players)} won.`;
    if (me !== null && match.winner !== null) text += teamOf(me, snap.view.players) === match.winner ? " Well played!" : "";
  } else if (!hand) {
    text = "Waiting for the deal.";
  } else if (hand.end) {
    text = `Hand ${hand.number + 1} is over: ${endText(hand.end, snap.seats)}.`;
  } else if (myTurn) {
    mine = true;
    text =
      hand.phase === "take"
        ? "Your turn: draw from the stock or pick up the discard pile."
        : "Your turn: meld if you like, then discard one card to end your turn.";
  } else {
    const who = seatName(snap.seats, hand.turn);
    text = `${who}'s turn (${hand.phase === "take" ? "to draw" : "playing"}).`;
  }
  const extra: string[] = [];
  if (hand && !hand.end && hand.lastTurn) extra.push("Last turn: only two cards are left in the stock.");
  if (hand?.myHandHidden) extra.push("Your pozzetto stays face down until your next turn.");
  announce?.(text);
  return h(
    "section",
    { class: `status${mine ? " mine" : ""}`, id: "status" },
    h("p", { class: "turn-text" }, text),
    extra.map((t) => h("p", { class: "status-extra" }, t)),
  );
}

/** Free seats are marked only where someone could take one: not in the embed. */
export function seatsStrip(snap: GameSnapshot, me: number | null, showFree: boolean): HTMLElement {
  const hand = snap.view.hand;
  const players = snap.view.players;
  return h(
    "section",
    { class: "seats", "aria-label": "Players" },
    h(
      "ol",
      null,
      snap.seats.map((seat) => {
        const turn = hand && !hand.end && hand.turn === seat.seat;
        const count = hand?.handSizes[seat.seat];
        const you = seat.seat === me;
        return h(
          "li",
          { class: `seat${turn ? " turn" : ""}${you ? " you" : ""}`, "data-seat": seat.seat, "aria-current": turn ? "true" : false },
          h("span", { class: "seat-name" }, seatName(snap.seats, seat.seat), you ? h("span", { class: "you-tag" }, " (you)") : null),
          players === 4 ? h("span", { class: "seat-team" }, `team ${teamOf(seat.seat, players) === 0 ? "A" : "B"}`) : null,
          count === undefined ? null : h("span", { class: "seat-cards", "data-count": count }, `${count} card${count === 1 ? "" : "s"}`),
          turn ? h("span", { class: "turn-tag" }, hand!.phase === "take" ? "▶ to play" : "▶ playing") : null,
          showFree && !seat.taken ? h("span", { class: "free-tag" }, "seat free") : null,
        );
      }),
    ),
  );
}

/** The invitation's form to take a free seat; once taken, the page opens again as that seat. */
export class SeatClaim {
  /** Built once, so that live updates do not wipe what is being typed. */
  private node: HTMLElement | null = null;
  private busy = false;
  /** The server's refusal of the last attempt, shown until the next one. */
  private error: string | null = null;

  constructor(
    private readonly gameId: string,
    private readonly invitation: string,
    private readonly render: () => void,
    private readonly openSeat: (token: string) => void,
  ) {}

  private async claim(form: HTMLFormElement): Promise<void> {
    const data = new FormData(form);
    const name = String(data.get("name") ?? "").trim();
    const seatText = String(data.get("seat") ?? "");
    this.busy = true;
    this.error = null;
    this.render();
    try {
      const answer = await api.claim(this.gameId, this.invitation, {
        ...(name ? { name } : {}),
        ...(seatText !== "" ? { seat: Number(seatText) } : {}),
      });
      // The invitation becomes this browser's own seat link; the old fragment goes from the history.
      history.replaceState(null, "", `/game/${encodeURIComponent(this.gameId)}#seat=${answer.token}`);
      rememberSeat(this.gameId, { seat: answer.seat, token: answer.token, savedAt: new Date().toISOString() });
      this.openSeat(answer.token);
    } catch (error) {
      this.busy = false;
      this.error = error instanceof ApiError ? error.message : "The seat could not be claimed.";
      this.render();
    }
  }

  form(seats: readonly SeatInfo[]): HTMLElement {
    const free = seats.filter((s) => !s.taken);
    if (!this.node) {
      this.node = h(
        "section",
        { class: "panel claim", "aria-labelledby": "claim-title" },
        h("h2", { id: "claim-title" }, "Join this game"),
        free.length === 0
          ? h("p", null, "Every seat of this game is taken: you can still watch the table below.")
          : h(
              "form",
              {
                id: "claim-form",
                onsubmit: (event: Event) => {
                  event.preventDefault();
                  void this.claim(event.target as HTMLFormElement);
                },
              },
              h(
                "p",
                null,
                "This invitation lets you take a free seat. Once you join, this page becomes your own seat link: keep it, it is how you come back.",
              ),
              h("label", { for: "claim-name" }, "Your name"),
              h("input", {
                id: "claim-name",
                name: "name",
                maxlength: 40,
                autocomplete: "nickname",
                required: true,
                "data-focus": "claim-name",
              }),
              free.length > 1
                ? [
                    h("label", { for: "claim-seat" }, "Seat"),
                    h(
                      "select",
                      { id: "claim-seat", name: "seat" },
                      h("option", { value: "" }, "Any free seat"),
                      free.map((s) => h("option", { value: s.seat }, `Seat ${s.seat + 1}${s.name ? ` (${s.name})` : ""}`)),
                    ),
                  ]
                : null,
              h("button", { type: "submit", class: "primary", id: "claim-submit" }, "Take the seat"),
              h("p", { class: "notice error", id: "claim-error", role: "alert", hidden: true }),
            ),
      );
    }
    const button = this.node.querySelector<HTMLButtonElement>("#claim-submit");
    if (button) button.disabled = this.busy;
    const error = this.node.querySelector<HTMLElement>("#claim-error");
    if (error) {
      error.hidden = this.error === null;
      error.textContent = this.error ?? "";
    }
    return this.node;
  }
}

export function spectatorNote(gameId: string): HTMLElement {
  const mine = rememberedSeats()[gameId];
  return h(
    "section",
    { class: "panel note" },
    h(
      "p",
      null,
      "You are watching: hands are never shown here, only how many cards each player holds. Each seat is played through its own secret link.",
    ),
    mine
      ? h(
          "p",
          null,
          "This browser has a seat in this game: ",
          h("a", { href: `/game/${gameId}#seat=${mine.token}` }, "open your seat"),
          ".",
        )
      : null,
  );
}
