/**
 * The emails the local `send_email` binding wrote, as the tests read them: one `.eml` file per message in the
 * folders given. Tests poll for a message every few tens of milliseconds while a run sends hundreds, so each file is
 * parsed once and kept (by path; parsed again only if its size changed, a file read while it was being written):
 * parsing every file at every poll made the reader, not the service, the slowest part of the notification tests.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import PostalMime from "postal-mime";
import type { SentMail } from "./server/notify/received";

export type { SentMail };

const parsed = new Map<string, { size: number; mail: SentMail }>();

async function read(dir: string, file: string): Promise<SentMail | null> {
  const path = join(dir, file);
  // Another test run on the machine may remove its own folder meanwhile: what is gone is skipped.
  const size = (await stat(path).catch(() => null))?.size;
  if (size === undefined) return null;
  const known = parsed.get(path);
  if (known?.size === size) return known.mail;
  const raw = await readFile(path).catch(() => null);
  if (!raw) return null;
  const email = await PostalMime.parse(raw);
  const mail: SentMail = {
    file,
    to: (email.to ?? []).map((a) => a.address?.toLowerCase() ?? ""),
    from: { address: email.from?.address ?? "", name: email.from?.name ?? "" },
    subject: email.subject ?? "",
    text: email.text ?? "",
    html: email.html ?? "",
    headers: Object.fromEntries(email.headers.map((h) => [h.key, h.value])),
  };
  parsed.set(path, { size: raw.length, mail });
  return mail;
}

/** Every message sent to `to` (any case) among the `.eml` files of `dirs`, oldest file name first. */
export async function mailIn(dirs: readonly string[], to: string): Promise<SentMail[]> {
  const found: SentMail[] = [];
  for (const dir of dirs) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml")).sort();
    for (const file of files) {
      const mail = await read(dir, file);
      if (mail?.to.includes(to.toLowerCase())) found.push(mail);
    }
  }
  return found;
}
