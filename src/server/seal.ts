import { fromBase64url } from "../shared/base64url";
import { base64url } from "./auth";

/**
 * Seat links sealed for notifications. The service keeps only a hash of a
 * seat's token to recognise it; so that a "your turn" message can link
 * straight to its reader's own seat, a seat opened with a player key also
 * keeps its token sealed (AES-GCM under a key derived from GAME_ID_KEY),
 * opened only to write that player's own messages. Never for a group chat's
 * webhook, which gets the public link.
 */

const DEVELOPMENT_KEY = "burraco-local-development-game-id-key";
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string | undefined): Promise<CryptoKey> {
  const material = secret || DEVELOPMENT_KEY;
  let key = keys.get(material);
  if (!key) {
    key = (async () => {
      const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(material), "HKDF", false, ["deriveKey"]);
      return crypto.subtle.deriveKey(
        { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode("burraco seat links") },
        base,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"],
      );
    })();
    keys.set(material, key);
  }
  return key;
}

/** `iv.ciphertext`, both base64url. */
export async function seal(text: string, secret: string | undefined): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await keyOf(secret), new TextEncoder().encode(text));
  return `${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

/** The sealed text, or null when it does not open (another key, tampered). */
export async function unseal(sealed: string, secret: string | undefined): Promise<string | null> {
  const [ivText, dataText] = sealed.split(".");
  const iv = fromBase64url(ivText ?? "");
  const data = fromBase64url(dataText ?? "");
  if (!iv?.length || !data?.length) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv }, await keyOf(secret), data);
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
