import { commitmentText } from "../../src/shared/fairness";

/**
 * Checks a revealed deal against its commitment in the browser (docs/fairness.md):
 * SHA-256, in hex, of the commitment's text (src/shared/fairness.ts), as the game room made it.
 */

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Recomputes the commitment; `seen` is the commitment this browser noted
 * while the hand was in play, if it did. The answer names its text in the catalogs.
 */
export async function verifyDeal(
  salt: string,
  deal: Record<string, unknown>,
  commitment: string,
  seen: string | undefined,
): Promise<{ ok: boolean; text: "secureOnly" | "mismatch" | "mismatchSeen" | "okSeen" | "ok" }> {
  if (!crypto.subtle) return { ok: false, text: "secureOnly" };
  const hex = await sha256Hex(commitmentText(salt, deal));
  if (hex !== commitment) return { ok: false, text: "mismatch" };
  if (seen !== undefined && seen !== commitment) return { ok: false, text: "mismatchSeen" };
  return { ok: true, text: seen ? "okSeen" : "ok" };
}
