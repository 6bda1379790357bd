import ipaddr from "ipaddr.js";
import { sha256Hex } from "./auth";

/**
 * The network a request comes from, as every limit and the ratings'
 * same-person check count it (docs/seeks.md, "Limits"; docs/ratings.md).
 * An IPv4 address is one network. An IPv6 network is its /64: a home
 * router, a phone or a rented server is given a whole /64, whose 2^64
 * addresses cost its holder nothing to change between requests — counting
 * each address would count nothing. An IPv4 address written in IPv6
 * (`::ffff:203.0.113.9`) is that IPv4 address. ipaddr.js (already used by
 * the URL policy) parses and normalises both.
 */

/** What `networkOf` answers without an address (local runs): one network, "local". */
export const LOCAL = "local";

/** The network of `address` (CF-Connecting-IP): "203.0.113.9", "2001:db8:1:2::/64", or LOCAL for none or an unparsable one. */
export function networkOf(address: string | undefined | null): string {
  if (!address) return LOCAL;
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, "")
    .split("%")[0]!;
  if (!ipaddr.isValid(bare)) return LOCAL;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv4") return parsed.toNormalizedString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toNormalizedString();
  const parts = v6.parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}

/**
 * Addresses that never reach a deployed Worker as a client's (loopback,
 * private and link-local ranges): a local run's, or a test's machine.
 * They tell nothing about who is behind them, so the same-person check
 * does not compare them (limits still count them).
 */
const UNTOLD = ["loopback", "private", "linkLocal", "uniqueLocal", "unspecified"];

/**
 * A network as kept beside a seat (seek seats, a game's seats): a hash, so
 * that no address is stored; null where it tells nothing (above).
 */
export function networkKey(network: string): string | null {
  if (network === LOCAL) return null;
  const address = network.endsWith("::/64") ? network.slice(0, -3) : network;
  if (ipaddr.isValid(address) && UNTOLD.includes(ipaddr.parse(address).range())) return null;
  return sha256Hex(`network:${network}`).slice(0, 24);
}
