import type { GameSnapshot } from "../../../src/shared/api";
import { apiUrl } from "../api-url";
import type { ClockControls } from "../clock/controls";
import { shareLink } from "../dom";
import type { MenuItem } from "../header";
import { t } from "../i18n/index";
import type { MovesShown } from "./watch";

/** What the menu needs of the table's page (page.ts is one): the game, the clock's entries, the table's choices. */
export interface MenuHost {
  readonly snap: GameSnapshot | null;
  readonly clock: Pick<ClockControls, "menu">;
  readonly shown: Pick<MovesShown, "prefs" | "setPrefs">;
  showToast(text: string): void;
}

/**
 * The table's menu: share the public table (the Web Share API on phones,
 * the clipboard elsewhere), the replay, the record, this game's
 * notifications (and its group chat, for its creator). Other features add
 * their entries to this list.
 */
export function tableMenu(page: MenuHost): MenuItem[] {
  const snap = page.snap!;
  const names = snap.seats.map((s) => s.name ?? t.common.player(s.seat + 1)).join(", ");
  const url = `${location.origin}/game/${snap.id}`;
  return [
    {
      id: "menu-share",
      label: t.menu.share,
      onClick: () =>
        void shareLink({ title: t.common.brand, text: t.menu.shareText(names), url }).then((done) => {
          if (done === "copied") page.showToast(`${t.common.copied}: ${url}`);
          else if (done === "failed") page.showToast(url);
        }),
    },
    { id: "menu-replay", label: t.menu.replay, href: `/game/${snap.id}/replay` },
    {
      id: "menu-record",
      label: t.menu.record,
      href: apiUrl("GET", "/api/games/{id}/record", { params: { id: snap.id } }),
      download: `burraco-${snap.id}.json`,
    },
    { id: "menu-notifications", label: t.menu.notifications, href: `/notifications?game=${snap.id}` },
    ...page.clock.menu(),
    // The table's own choices, remembered in this browser for every game.
    {
      id: "menu-four-colour",
      label: t.board.fourColour(page.shown.prefs.fourColour),
      onClick: () => page.shown.setPrefs({ ...page.shown.prefs, fourColour: !page.shown.prefs.fourColour }),
    },
    {
      id: "menu-sounds",
      label: t.board.sounds(page.shown.prefs.sounds),
      onClick: () => page.shown.setPrefs({ ...page.shown.prefs, sounds: !page.shown.prefs.sounds }),
    },
  ];
}
