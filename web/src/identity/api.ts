import type { LinkCode, LinkPreview, Player, PlayerChanges } from "../../../src/shared/api";
import { call } from "../api";
import { lang } from "../i18n/index";
import { playerKey } from "../store";

/** The player and their devices (docs/api.md, "Players and devices"), by this browser's player key. */
export const identityApi = {
  me: () => call<Player>("/api/me", { token: playerKey() }),
  change: (changes: PlayerChanges) => call<Player>("/api/me", { token: playerKey(), method: "PATCH", body: changes }),
  newCode: () => call<LinkCode>("/api/me/link-codes", { token: playerKey(), method: "POST" }),
  /** Whose player a code joins this browser to, and what this browser's own player holds (the code is not spent). */
  preview: (code: string) => call<LinkPreview>("/api/me/link-preview", { token: playerKey(), body: { code } }),
  /**
   * Links this browser to the player of a code (typed, from a link or QR code, or from a sign-in email); `merge`
   * moves this browser's own player into it too, only when the person chose that knowingly.
   */
  link: (code: string, label: string | null, merge = false) =>
    call<Player>("/api/me/devices", { token: playerKey(), body: { code, label, merge } }),
  label: (deviceId: string, label: string | null) =>
    call<Player>(`/api/me/devices/${encodeURIComponent(deviceId)}`, { token: playerKey(), method: "PATCH", body: { label } }),
  remove: (deviceId: string) =>
    call<{ removed: true }>(`/api/me/devices/${encodeURIComponent(deviceId)}`, { token: playerKey(), method: "DELETE" }),
  signIn: (address: string) => call<{ sent: true }>("/api/me/sign-in", { body: { address, language: lang } }),
};

/** What this device calls itself when it joins a player: its kind, as the other devices will list it. */
export function deviceKind(): "phone" | "tablet" | "computer" {
  const agent = navigator.userAgent;
  // A touch screen as the main pointer is a phone or a tablet, whatever the browser says it is.
  const touch = navigator.maxTouchPoints > 0 && matchMedia("(pointer: coarse)").matches;
  if (/iPad|Tablet/i.test(agent) || (touch && Math.min(screen.width, screen.height) >= 600)) return "tablet";
  if (/Mobi|Android|iPhone/i.test(agent) || touch) return "phone";
  return "computer";
}
