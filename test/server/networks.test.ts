import { describe, expect, it } from "vitest";
import { newToken } from "../../src/server/auth";
import { LOCAL, networkKey, networkOf } from "../../src/server/network";
import { call } from "./helpers";

/** Limits count a client by its network: an IPv4 address, an IPv6 /64 (src/server/network.ts; docs/seeks.md "Limits"). */

describe("a client's network", () => {
  it("is an IPv4 address itself, an IPv6 address's /64, and LOCAL without one", () => {
    expect(networkOf("203.0.113.9")).toBe("203.0.113.9");
    expect(networkOf("2001:db8:a:b:1:2:3:4")).toBe("2001:db8:a:b::/64");
    expect(networkOf("2001:DB8:A:B::ffff")).toBe("2001:db8:a:b::/64");
    expect(networkOf("2001:0db8:000a:000b:0000::1")).toBe("2001:db8:a:b::/64");
    expect(networkOf("[2001:db8:a:b::1]")).toBe("2001:db8:a:b::/64");
    expect(networkOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    // An IPv4 address written in IPv6 is that IPv4 address.
    expect(networkOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(networkOf(undefined)).toBe(LOCAL);
    expect(networkOf("")).toBe(LOCAL);
    expect(networkOf("not an address")).toBe(LOCAL);
  });

  it("is kept as a hash, and not at all where it tells nothing (a local run, a private network)", () => {
    expect(networkKey("203.0.113.9")).toMatch(/^[0-9a-f]{24}$/);
    expect(networkKey("203.0.113.9")).not.toBe(networkKey("203.0.113.10"));
    expect(networkKey(networkOf("2001:db8:a:b::1"))).toBe(networkKey(networkOf("2001:db8:a:b:ffff::2")));
    expect(networkKey(networkOf("2001:db8:a:b::1"))).not.toBe(networkKey(networkOf("2001:db8:a:c::1")));
    for (const untold of [LOCAL, "127.0.0.1", "10.1.2.3", "192.168.0.4", networkOf("::1"), networkOf("fd00::1")])
      expect(networkKey(untold), untold).toBeNull();
  });
});

describe("limits by network", () => {
  it("count 70 code guesses from 70 addresses of one IPv6 /64 as one client's: the 61st is refused", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const from = { "CF-Connecting-IP": `2001:db8:77:70:${i.toString(16)}::${(i * 7).toString(16)}` };
      statuses.push((await call("/api/me/devices", { token: newToken(), body: { code: "AAAAA-AAAAA" }, headers: from })).status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
    // Another /64 is another client.
    const other = await call("/api/me/devices", {
      token: newToken(),
      body: { code: "AAAAA-AAAAA" },
      headers: { "CF-Connecting-IP": "2001:db8:77:71::1" },
    });
    expect(other.status).toBe(404);
  });

  it("count sign-in requests from one /64 together", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const from = { "CF-Connecting-IP": `2001:db8:77:72::${(i + 1).toString(16)}` };
      statuses.push((await call("/api/me/sign-in", { body: { address: `nobody${i}@example.org` }, headers: from })).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
