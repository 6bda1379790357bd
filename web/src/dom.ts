import { toBase64url } from "../../src/shared/base64url";
/** Small browser helpers: the clipboard, sharing, random ids. */

/** Copies text to the clipboard, also where the Clipboard API is missing (plain http). */
export async function copyText(text: string, from?: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!from) return false;
    from.select();
    return document.execCommand("copy");
  }
}

/**
 * Shares a link with the Web Share API where the browser has it (phones:
 * WhatsApp, Telegram and the rest), else copies it. Resolves with what
 * happened; "cancelled" when the player closed the share sheet.
 */
export async function shareLink(
  share: { title: string; text: string; url: string },
  from?: HTMLInputElement | null,
): Promise<"shared" | "copied" | "cancelled" | "failed"> {
  if (typeof navigator.share === "function" && (navigator.canShare?.(share) ?? true)) {
    try {
      await navigator.share(share);
      return "shared";
    } catch (error) {
      if ((error as Error).name === "AbortError") return "cancelled";
    }
  }
  return (await copyText(share.url, from)) ? "copied" : "failed";
}

/** Random bytes as base64url (no padding). Works without a secure context. */
export function randomId(bytes = 16): string {
  return toBase64url(crypto.getRandomValues(new Uint8Array(bytes)));
}
