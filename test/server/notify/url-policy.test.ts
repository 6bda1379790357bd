import { describe, expect, it } from "vitest";
import { checkUrl, forbiddenAddress, staticResolver } from "../../../src/server/notify/url-policy";
import { webhookFormat } from "../../../src/server/notify/webhook";

const resolver = staticResolver({
  "hooks.example.org": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "evil.example.org": ["93.184.215.14", "10.1.2.3"],
  "loop.example.org": ["::1"],
  "mapped.example.org": ["::ffff:192.168.1.1"],
  "compatible.example.org": ["::7f00:1"],
  "nat64.example.org": ["64:ff9b::a00:1"],
});
const strict = { allowLocalHttp: false, resolver };
const local = { allowLocalHttp: true, resolver };

describe("webhook URL policy", () => {
  it.each([
    ["https://127.0.0.1/hook", "loopback"],
    ["https://10.0.0.8/hook", "private"],
    ["https://172.16.5.4/hook", "private"],
    ["https://192.168.0.1/hook", "private"],
    ["https://169.254.169.254/latest/meta-data", "linkLocal"],
    ["https://100.64.0.1/", "carrierGradeNat"],
    ["https://0.0.0.0/", "unspecified"],
    ["https://[::1]/hook", "loopback"],
    ["https://[fe80::1]/hook", "linkLocal"],
    ["https://[fd00::5]/hook", "uniqueLocal"],
    ["https://[::ffff:10.0.0.1]/hook", "private"],
    ["https://[::ffff:7f00:1]/hook", "loopback"],
    // Other spellings of 127.0.0.1, which the URL parser turns into dotted form.
    ["https://2130706433/hook", "loopback"],
    ["https://0x7f.1/hook", "loopback"],
    ["https://127.1/hook", "loopback"],
  ])("refuses the literal address in %s", async (url, range) => {
    const checked = await checkUrl(url, strict);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.reason).toContain(range);
      expect(checked.permanent).toBe(true);
    }
  });

  it("accepts public addresses and names that resolve only to public addresses", async () => {
    expect((await checkUrl("https://93.184.215.14/hook", strict)).ok).toBe(true);
    expect((await checkUrl("https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/x", strict)).ok).toBe(true);
    expect((await checkUrl("https://hooks.example.org/x", strict)).ok).toBe(true);
  });

  it("refuses names resolving to any private, loopback or mapped private address", async () => {
    for (const host of ["evil.example.org", "loop.example.org", "mapped.example.org"]) {
      const checked = await checkUrl(`https://${host}/x`, strict);
      expect(checked).toMatchObject({ ok: false, permanent: true });
    }
  });

  it("treats a failed lookup as passing trouble, not a verdict", async () => {
    expect(await checkUrl("https://unknown.example.org/x", strict)).toMatchObject({ ok: false, permanent: false });
  });

  it("allows plain http only to localhost, and only in local development", async () => {
    expect((await checkUrl("http://hooks.example.org/x", local)).ok).toBe(false);
    expect((await checkUrl("http://localhost:8080/x", strict)).ok).toBe(false);
    expect((await checkUrl("http://localhost:8080/x", local)).ok).toBe(true);
    expect((await checkUrl("http://127.0.0.1:8080/x", local)).ok).toBe(true);
    expect((await checkUrl("https://localhost/x", local)).ok).toBe(false);
    expect((await checkUrl("ftp://hooks.example.org/x", local)).ok).toBe(false);
    expect((await checkUrl("https://user:pw@hooks.example.org/x", strict)).ok).toBe(false);
  });

  it("names the range of a forbidden address", () => {
    expect(forbiddenAddress("8.8.8.8")).toBeNull();
    expect(forbiddenAddress("::ffff:169.254.0.1")).toContain("linkLocal");
  });
});

describe("addresses that embed an IPv4 address, and local names (issue 15)", () => {
  const bare = { allowLocalHttp: false, resolver: null };
  it.each([
    ["https://[::127.0.0.1]/", "127.0.0.1"],
    ["https://[::a9fe:a9fe]/", "169.254.169.254"],
    ["https://[::a00:1]/", "10.0.0.1"],
    ["https://[::ffff:127.0.0.1]/", "127.0.0.1"],
    ["https://[64:ff9b::7f00:1]/", "127.0.0.1"],
    ["https://[64:ff9b::c0a8:101]/", "192.168.1.1"],
    ["https://[2002:7f00:1::1]/", "127.0.0.1"],
    ["https://[2002:a9fe:a9fe::]/", "169.254.169.254"],
    ["https://[2002:0:0::1]/", "0.0.0.0"],
  ])("refuses %s, which reaches %s, even without a resolver", async (url, inner) => {
    const checked = await checkUrl(url, bare);
    expect(checked).toMatchObject({ ok: false, permanent: true });
    if (!checked.ok) expect(checked.reason).toContain(inner);
  });

  it("refuses local-use NAT64, and takes an embedding of a public address as that address", async () => {
    expect((await checkUrl("https://[64:ff9b:1::a00:1]/", bare)).ok).toBe(false);
    expect(forbiddenAddress("64:ff9b::808:808")).toBeNull();
    expect(forbiddenAddress("2002:808:808::1")).toBeNull();
    expect(forbiddenAddress("::")).toContain("unspecified");
    expect(forbiddenAddress("::1")).toContain("loopback");
  });

  it.each([
    "https://localhost./",
    "https://LOCALHOST/",
    "https://foo.localhost./",
    "https://localhost.localdomain/",
    "https://localhost.localdomain./",
    "https://printer.local/",
    "https://intranet/",
    "https://intranet./",
  ])("refuses the local name in %s, without a resolver", async (url) => {
    expect(await checkUrl(url, bare)).toMatchObject({ ok: false, permanent: true });
  });

  it("refuses a name whose AAAA record embeds a private IPv4 address", async () => {
    for (const host of ["compatible.example.org", "nat64.example.org"])
      expect(await checkUrl(`https://${host}/x`, strict)).toMatchObject({ ok: false, permanent: true });
  });
});

describe("webhook formats", () => {
  it.each([
    ["https://discord.com/api/webhooks/123456789012345678/abcDEF-ghi_jkl", "discord"],
    ["https://discordapp.com/api/webhooks/1/tok", "discord"],
    ["https://ptb.discord.com/api/v10/webhooks/1/tok", "discord"],
    ["https://hooks.slack.com/services/T000/B000/XXXX", "slack"],
    ["https://discord.com.evil.example/api/webhooks/1/tok", "standard"],
    ["https://example.org/api/webhooks/1/tok", "standard"],
    ["https://hooks.slack.com.example.org/services/T/B/X", "standard"],
  ])("%s is %s", (url, format) => {
    expect(webhookFormat(new URL(url))).toBe(format);
  });
});
