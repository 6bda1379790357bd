import { LIMITS } from "../../../src/shared/limits";
import { checkPlayerText } from "../../../src/shared/text";
import { ApiError, api } from "../api";
import { codeText, t } from "../i18n/index";
import { rememberSeat } from "../store";
import type { TableRoute } from "./route";
import type { ClaimState } from "./status";

/** The claim's error when the name fails the check of a player's text before it is sent. */
const BAD_NAME = "BAD_NAME";

/**
 * The invitation's claim of a free seat (status.ts draws its form): the
 * name checked as the server checks a player's text before it is sent;
 * on success the invitation becomes this browser's own seat link, and the
 * page opens again as the new seat.
 */
export class InvitationClaim {
  private busy = false;
  private error: string | null = null;

  constructor(
    private readonly page: { readonly route: TableRoute; render(): void },
    private readonly open: (route: TableRoute) => void,
  ) {}

  /** What the form shows: whether the claim is on its way, and the last refusal in words. */
  get state(): ClaimState {
    return { busy: this.busy, error: this.error === BAD_NAME ? t.claim.badName : this.error && codeText(this.error) };
  }

  async claim(form: HTMLFormElement): Promise<void> {
    const data = new FormData(form);
    const checked = checkPlayerText(String(data.get("name") ?? ""), LIMITS.nameLength);
    if (!checked.ok) {
      this.show(false, BAD_NAME);
      return;
    }
    const name = checked.text;
    const seatText = String(data.get("seat") ?? "");
    this.show(true, null);
    const { gameId, token } = this.page.route;
    try {
      const answer = await api.claim(gameId, token!, {
        ...(name ? { name } : {}),
        ...(seatText !== "" ? { seat: Number(seatText) } : {}),
      });
      // The invitation becomes this browser's own seat link; the old fragment goes from the history.
      history.replaceState(null, "", `/game/${encodeURIComponent(gameId)}#seat=${answer.token}`);
      rememberSeat(gameId, { seat: answer.seat, token: answer.token, savedAt: new Date().toISOString() });
      this.open({ gameId, mode: "seat", token: answer.token });
    } catch (error) {
      this.show(false, error instanceof ApiError ? error.code : "INTERNAL");
    }
  }

  private show(busy: boolean, error: string | null): void {
    this.busy = busy;
    this.error = error;
    this.page.render();
  }
}
