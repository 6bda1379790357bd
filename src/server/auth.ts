import { createHash } from "node:crypto";

/**
 * Secrets: seat tokens, invitation tokens and player keys. Tokens carry 128
 * random bits from the platform's cryptographic source, written base64url;
 * the service stores only their SHA-256 hashes.
 */

export function base64url(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

/** A fresh secret token: 128 random bits, 22 base64url characters. */
export function newToken(): string {
  return base64url(randomBytes(16));
}

/** A game id: 96 random bits, 16 base64url characters. Public (the spectator link). */
export function newGameId(): string {
  return base64url(randomBytes(12));
}

export const GAME_ID = /^[A-Za-z0-9_-]{16}$/;

/** Tokens and player keys: base64url, at least 128 bits. */
const SECRET = /^[A-Za-z0-9_-]{22,128}$/;

export function isSecret(text: string): boolean {
  return SECRET.test(text);
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** What is stored for a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return sha256Hex(token);
}

/** The bearer token of an `Authorization` header, or null when there is none. */
export function bearer(header: string | undefined | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match ? match[1]! : null;
}

/** The token a browser offers as the WebSocket subprotocol `bearer.<token>`. */
export function bearerFromProtocols(header: string | undefined | null): string | null {
  for (const part of (header ?? "").split(",")) {
    const p = part.trim();
    if (p.startsWith("bearer.")) return p.slice("bearer.".length);
  }
  return null;
}
