import "../core";
import { LIMITS } from "../../../src/shared/limits";
import { checkPlayerText } from "../../../src/shared/text";
import type { Player } from "../api";
import { t } from "../i18n/index";
import { identityApi } from "./api";

/**
 * A player's name, asked once: the first time it would be shown to others
 * (joining or publishing a game in the lobby, playing now, sitting at a
 * seat nobody named). The answer is the player's (PATCH /api/me), on every
 * device of theirs: the server seats them under it from then on, and never
 * asks again. Pre-filled with a name this browser knows, changeable.
 */

const NAME_KEY = "burraco.seekName";

/** The name this browser last used (the seek form's, a game created here), or "". */
export function savedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

export function saveName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // Private browsing: the player's name is on the server all the same.
  }
}

let known: Promise<Player | null> | null = null;

/** This browser's player (cached for the page's life; null when the service cannot be reached). */
export function me(fresh = false): Promise<Player | null> {
  if (fresh || !known) known = identityApi.me().catch(() => null);
  return known;
}

/**
 * The player's name: theirs if they have one, else asked now (a dialog),
 * saved as the player's and returned; null if they would rather not say
 * (the caller then does not go on).
 */
export async function ensureName(): Promise<string | null> {
  const player = await me();
  if (player?.name) return player.name;
  const name = await askName(savedName());
  if (name === null) return null;
  try {
    known = identityApi.change({ name });
    await known;
  } catch {
    known = null;
  }
  saveName(name);
  return name;
}

/** An element with its properties and attributes. */
function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]>,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const element = Object.assign(document.createElement(tag), props);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** The dialog itself: a name, pre-filled, checked as every player's text is. */
function askName(prefill: string): Promise<string | null> {
  return new Promise((resolve) => {
    const dialog = make("dialog", { className: "name-dialog", id: "name-dialog" }, { "aria-labelledby": "name-dialog-title" });
    const form = make("form", { method: "dialog" });
    const input = make(
      "input",
      { id: "name-dialog-input", name: "name", required: true, maxLength: LIMITS.nameLength, value: prefill },
      { autocomplete: "nickname", "aria-describedby": "name-dialog-hint" },
    );
    const error = make("p", { className: "error" }, { role: "alert" });
    const actions = make("div", { className: "actions" });
    const cancel = make("button", { type: "button", className: "secondary", id: "name-dialog-cancel", textContent: t.names.askCancel });
    actions.appendChild(make("button", { type: "submit", className: "primary", id: "name-dialog-save", textContent: t.names.askSave }));
    actions.appendChild(cancel);
    for (const part of [
      make("h2", { id: "name-dialog-title", textContent: t.names.askTitle }),
      make("p", { className: "hint", id: "name-dialog-hint", textContent: t.names.askHint }),
      make("label", { htmlFor: "name-dialog-input", textContent: t.names.askLabel }),
      input,
      error,
      actions,
    ])
      form.appendChild(part);
    dialog.appendChild(form);
    document.body.appendChild(dialog);
    let answer: string | null = null;
    form.addEventListener("submit", (event) => {
      const checked = checkPlayerText(input.value, LIMITS.nameLength);
      if (!checked.ok || !checked.text) {
        event.preventDefault();
        error.textContent = t.names.refused(LIMITS.nameLength);
        input.focus();
        return;
      }
      answer = checked.text;
    });
    cancel.addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(answer);
    });
    dialog.showModal();
    input.focus();
    input.select();
  });
}
