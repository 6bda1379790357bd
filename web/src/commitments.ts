import type { GameSnapshot } from "../../src/shared/api";
import { api } from "./api";
import { h } from "./dom";
import { verifyDeal } from "./fairness";
import type { HandEnded } from "./scores";
import { seenCommitments } from "./store";

/**
 * The fairness panel: each hand's commitment, and once the hand is over a
 * check in this browser that the revealed deal is the one committed to.
 * It keeps its results and whether it is open across re-renders of the page.
 */
export class Commitments {
  private readonly verified = new Map<number, { ok: boolean | null; text: string }>();
  private open = false;

  constructor(private readonly render: () => void) {}

  panel(snap: GameSnapshot, ended: HandEnded | null): HTMLElement | null {
    if (snap.fairness.length === 0) return null;
    const seen = seenCommitments(snap.id);
    return h(
      "details",
      {
        class: "panel fairness",
        id: "fairness",
        open: this.open,
        ontoggle: (e: Event) => (this.open = (e.target as HTMLDetailsElement).open),
      },
      h("summary", null, "Fair deals: commitments", snap.preparedDeals ? " (this game uses prepared deals)" : ""),
      h(
        "p",
        null,
        "Each hand is shuffled by the server and committed to when dealt: the commitment is the SHA-256 of a secret salt, a colon and the deal. When the hand ends the salt and the deal are revealed, and your browser can check that the deal is the one committed to.",
      ),
      h(
        "ul",
        null,
        snap.fairness.map((f) => {
          const result = this.verified.get(f.hand);
          return h(
            "li",
            { "data-hand": f.hand },
            h("strong", null, `Hand ${f.hand + 1}`),
            f.prepared ? " (prepared by the game's creator, not shuffled)" : "",
            h("div", null, "Commitment: ", h("code", { class: "hash" }, f.commitment)),
            seen[f.hand] && seen[f.hand] !== f.commitment
              ? h("p", { class: "notice error" }, "This is not the commitment this browser saw while the hand was in play!")
              : null,
            f.salt
              ? [
                  h("div", null, "Salt: ", h("code", { class: "hash" }, f.salt)),
                  h(
                    "button",
                    {
                      type: "button",
                      class: "verify",
                      "data-focus": `verify-${f.hand}`,
                      onclick: () => void this.verify(snap, ended, f.hand),
                    },
                    "Verify",
                  ),
                  result
                    ? h(
                        "span",
                        { class: `verify-result ${result.ok === true ? "ok" : result.ok === false ? "bad" : ""}`, role: "status" },
                        ` ${result.text}`,
                      )
                    : null,
                ]
              : h("div", { class: "hint" }, "The salt is revealed when the hand ends."),
          );
        }),
      ),
    );
  }

  /** `snap` and `ended` are those the panel was drawn with: every change of either draws it again. */
  private async verify(snap: GameSnapshot, ended: HandEnded | null, hand: number): Promise<void> {
    const fairness = snap.fairness.find((f) => f.hand === hand);
    if (!fairness?.salt) return;
    this.verified.set(hand, { ok: null, text: "Checking…" });
    this.render();
    try {
      // The deal is at hand while its end is on the page; otherwise it comes from the game's record.
      let deal: Record<string, unknown> | undefined;
      const current = snap.view.hand;
      if (current?.number === hand && current.revealed) deal = current.revealed.deal;
      else if (ended?.hand === hand) deal = ended.deal;
      else deal = (await api.record(snap.id)).hands[hand]?.deal;
      if (!deal) throw new Error("the deal of this hand is not available yet");
      const result = await verifyDeal(fairness.salt, deal, fairness.commitment, seenCommitments(snap.id)[hand]);
      this.verified.set(hand, result);
    } catch (error) {
      this.verified.set(hand, { ok: false, text: `Could not check: ${(error as Error).message}` });
    }
    this.render();
  }
}
