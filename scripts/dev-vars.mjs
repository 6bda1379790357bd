/**
 * Local development settings for notifications, run by `npm start`: when
 * .dev.vars (git-ignored) has no VAPID keys yet, a fresh pair is made and
 * written there with the settings local development needs. Deployed
 * Workers get their keys with `wrangler secret put` (docs/deploying.md).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const file = join(import.meta.dirname, "..", ".dev.vars");

const b64url = (bytes) => Buffer.from(bytes).toString("base64url");

/** A VAPID key pair: the public key as the uncompressed P-256 point, the private key as its scalar d (both base64url). */
export async function vapidKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const publicKey = b64url(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)));
  const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { publicKey, privateKey: d };
}

if (process.argv[1] === import.meta.filename) {
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (/^VAPID_PRIVATE_KEY=/m.test(current)) process.exit(0);
  const keys = await vapidKeys();
  const lines = [
    "# Made by scripts/dev-vars.mjs for local development only (git-ignored).",
    `VAPID_PUBLIC_KEY="${keys.publicKey}"`,
    `VAPID_PRIVATE_KEY="${keys.privateKey}"`,
    // Local receivers (http://localhost) are allowed, and no DNS lookups are made offline.
    'NOTIFY_ALLOW_LOCAL_HTTP="1"',
    'DNS_RESOLVER_URL=""',
  ];
  writeFileSync(file, `${current}${current && !current.endsWith("\n") ? "\n" : ""}${lines.join("\n")}\n`);
  console.log("Wrote local VAPID keys to .dev.vars");
}
