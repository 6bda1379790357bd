import ipaddr from "ipaddr.js";

/**
 * Where the service may send a webhook or a push: only `https` URLs to
 * public addresses, so that a subscription cannot make the Worker call into
 * a private network (server-side request forgery). Plain `http` is allowed
 * only to localhost, and only when local development says so.
 *
 * Host names are resolved and refused when any of their addresses is
 * private, loopback, link-local or otherwise not global unicast. Workers
 * have no DNS API of their own: the realistic resolver is DNS over HTTPS
 * (`dohResolver`). Its limit, stated plainly: `fetch` resolves the name again
 * by itself, so a name whose records change between the check and the
 * request (DNS rebinding) is not caught here; the check is repeated before
 * every attempt, which narrows the window, and Cloudflare's network does not
 * route requests from Workers into private ranges in the first place.
 */

/** Resolves a host name to its addresses (A and AAAA). Throws when resolution fails. */
export interface Resolver {
  resolve(host: string): Promise<readonly string[]>;
}

export interface UrlPolicy {
  /** Local development: allow `http://localhost` (and 127.0.0.1, [::1]) for local receivers. */
  readonly allowLocalHttp: boolean;
  /** Null: host names are not resolved (literal addresses are still checked). */
  readonly resolver: Resolver | null;
}

/** A refusal is permanent (the URL itself is not allowed) unless only the name's resolution failed. */
export type UrlCheck =
  | { readonly ok: true; readonly url: URL }
  | { readonly ok: false; readonly reason: string; readonly permanent: boolean };

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * IPv6 forms that carry an IPv4 address in their last 32 bits (or, for
 * 6to4, in bits 16–47): the address such a literal reaches is the IPv4 one,
 * so that one is judged. IPv4-compatible `::a.b.c.d` is deprecated but still
 * parsed and routed by some stacks; `::` and `::1` themselves are not
 * embeddings (ipaddr.js names them unspecified and loopback).
 */
const EMBEDDINGS: readonly { readonly prefix: string; readonly v4At: number }[] = [
  { prefix: "::ffff:0:0/96", v4At: 12 }, // IPv4-mapped
  { prefix: "::/96", v4At: 12 }, // IPv4-compatible
  { prefix: "64:ff9b::/96", v4At: 12 }, // NAT64, RFC 6052
  { prefix: "2002::/16", v4At: 2 }, // 6to4, RFC 3056
];

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  if (bytes.slice(0, 15).every((b) => b === 0) && (bytes[15] === 0 || bytes[15] === 1)) return null;
  for (const { prefix, v4At } of EMBEDDINGS) {
    if (address.match(ipaddr.IPv6.parseCIDR(prefix))) return new ipaddr.IPv4(bytes.slice(v4At, v4At + 4));
  }
  return null;
}

/** Why an address may not be called, or null when it is a public unicast address (or embeds one). */
export function forbiddenAddress(text: string): string | null {
  const bare = text.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return "not an IP address";
  const address = ipaddr.parse(bare);
  if (address.kind() === "ipv6") {
    // Local-use NAT64 (RFC 8215) translates into a network of its operator's own choosing: never public.
    if (address.match(ipaddr.IPv6.parseCIDR("64:ff9b:1::/48"))) return `${bare} is a local-use NAT64 address`;
    const inner = embeddedIPv4(address as ipaddr.IPv6);
    if (inner) {
      const range = inner.range();
      return range === "unicast" ? null : `${bare} reaches ${inner.toString()}, a ${range} address`;
    }
  }
  const range = address.range();
  return range === "unicast" ? null : `${bare} is a ${range} address`;
}

/**
 * Names that never reach a public host: every spelling of localhost (a
 * trailing dot is the same name; `*.localhost` is loopback by RFC 6761),
 * `localhost.localdomain`, the special-use local suffixes, and a single
 * label (an intranet name): a public receiver's name always has a dot.
 */
function localName(host: string): boolean {
  const name = host.replace(/\.+$/, "");
  if (!name.includes(".")) return true;
  return /(^|\.)(localhost|localdomain|local|internal|home\.arpa)$/.test(name);
}

function refuse(reason: string, permanent = true): UrlCheck {
  return { ok: false, reason, permanent };
}

/** Checks a URL against the policy, resolving its host when it is a name. */
export async function checkUrl(text: string, policy: UrlPolicy): Promise<UrlCheck> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse("not a URL");
  }
  if (url.username || url.password) return refuse("URLs with credentials are not accepted");
  // The URL parser has already turned 0x7f.1, 2130706433 and the like into dotted IPv4.
  const host = url.hostname.toLowerCase();
  if (url.protocol === "http:") {
    if (policy.allowLocalHttp && LOCAL_HOSTS.has(host)) return { ok: true, url };
    return refuse("only https URLs are accepted");
  }
  if (url.protocol !== "https:") return refuse("only https URLs are accepted");
  const literal = host.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(literal)) {
    const why = forbiddenAddress(literal);
    return why ? refuse(why) : { ok: true, url };
  }
  if (localName(host)) return refuse(`${host} is a local name, not reachable`);
  if (!policy.resolver) return { ok: true, url };
  let addresses: readonly string[];
  try {
    addresses = await policy.resolver.resolve(host);
  } catch (error) {
    return refuse(`${host} could not be resolved: ${(error as Error).message}`, false);
  }
  if (addresses.length === 0) return refuse(`${host} has no address`);
  for (const address of addresses) {
    const why = forbiddenAddress(address);
    if (why) return refuse(`${host} resolves to ${why}`);
  }
  return { ok: true, url };
}

/** A resolver over DNS over HTTPS (RFC 8484's JSON form, as served by Cloudflare and Google). */
export function dohResolver(endpoint = "https://cloudflare-dns.com/dns-query", fetcher: typeof fetch = fetch): Resolver {
  const query = async (host: string, type: "A" | "AAAA"): Promise<string[]> => {
    const url = `${endpoint}?name=${encodeURIComponent(host)}&type=${type}`;
    const response = await fetcher(url, { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`DNS answered ${response.status}`);
    const body = (await response.json()) as { Status: number; Answer?: { type: number; data: string }[] };
    // NXDOMAIN and friends: no address of this type.
    if (body.Status !== 0) return [];
    const wanted = type === "A" ? 1 : 28;
    // CNAME records (type 5) are followed by the resolver; their targets' addresses come after them.
    return (body.Answer ?? []).filter((a) => a.type === wanted).map((a) => a.data);
  };
  return {
    async resolve(host) {
      const [a, aaaa] = await Promise.all([query(host, "A"), query(host, "AAAA")]);
      return [...a, ...aaaa];
    },
  };
}

/** A fixed table of names, for tests and local development. */
export function staticResolver(table: Readonly<Record<string, readonly string[]>>): Resolver {
  return {
    async resolve(host) {
      const found = table[host];
      if (!found) throw new Error("unknown host");
      return found;
    },
  };
}
