import { call } from "../api";
import type { Schema } from "../api-url";
import { lang } from "../i18n/index";
import { playerKey } from "../store";

/** The player and their devices (docs/api.md, "Players and devices"), by this browser's player key. */
export const identityApi = {
  me: () => call("GET", "/api/me", { token: playerKey() }),
  change: (changes: Schema<"PlayerChanges">) => call("PATCH", "/api/me", { token: playerKey(), body: changes }),
  newCode: () => call("POST", "/api/me/link-codes", { token: playerKey() }),
  /** A new recovery code (the one made before stops working): in this answer only, never again. */
  recoveryCode: () => call("POST", "/api/me/recovery-code", { token: playerKey() }),
  /** Whose player a code joins this browser to, and what this browser's own player holds (the code is not spent). */
  preview: (code: string) => call("POST", "/api/me/link-preview", { token: playerKey(), body: { code } }),
  /**
   * Links this browser to the player of a code (typed, from a link or QR code, or from a sign-in email); `merge`
   * moves this browser's own player into it too, only when the person chose that knowingly.
   */
  link: (code: string, label: string | null, merge = false) =>
    call("POST", "/api/me/devices", { token: playerKey(), body: { code, label, merge } }),
  label: (deviceId: string, label: string | null) =>
    call("PATCH", "/api/me/devices/{deviceId}", { params: { deviceId }, token: playerKey(), body: { label } }),
  remove: (deviceId: string) => call("DELETE", "/api/me/devices/{deviceId}", { params: { deviceId }, token: playerKey() }),
  signIn: (address: string) => call("POST", "/api/me/sign-in", { body: { address, language: lang } }),
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
