/**
 * The Worker runs with `nodejs_compat` (wrangler.toml), which provides `node:crypto`. Only what the Worker uses is
 * declared here, rather than all of Node's types: a Worker file that reaches for another Node API does not compile
 * (tsconfig/worker.json).
 */
declare module "node:crypto" {
  interface Hash {
    update(data: string | Uint8Array): Hash;
    digest(): Uint8Array;
    digest(encoding: "hex" | "base64" | "base64url"): string;
  }
  interface Hmac {
    update(data: string | Uint8Array): Hmac;
    digest(): Uint8Array;
    digest(encoding: "hex" | "base64" | "base64url"): string;
  }
  export function createHash(algorithm: string): Hash;
  export function createHmac(algorithm: string, key: string | Uint8Array): Hmac;
  export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}
