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

/** Why an address may not be called, or null when it is a public unicast address. */
export function forbiddenAddress(text: string): string | null {
  const bare = text.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return "not an IP address";
  let address = ipaddr.parse(bare);
  // ::ffff:10.0.0.1 is 10.0.0.1.
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  const range = address.range();
  return range === "unicast" ? null : `${bare} is a ${range} address`;
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
  if (host === "localhost" || host.endsWith(".localhost")) return refuse("localhost is not reachable");
  const literal = host.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(literal)) {
    const why = forbiddenAddress(literal);
    return why ? refuse(why) : { ok: true, url };
  }
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
