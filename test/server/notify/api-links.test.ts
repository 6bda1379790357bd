import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../../src/server/auth";
import { fanOut } from "../../../src/server/notify/index";
import { BASE, call } from "../helpers";
import { confirmTokenIn, mailsTo, mailTo, playerKey, settle, subscriptionRow, turnFor, unique } from "./helpers";

/** The links an email carries: the address's confirmation, and the RFC 8058 one-click unsubscribe. */

/** A confirmed address, subscribed over HTTP; with the one-click URL its confirmation message carried. */
async function confirmedAddress() {
  const key = playerKey();
  const address = `${unique("p")}@example.org`;
  const made = await call("/api/me/notifications", { token: key, body: { channel: "email", address, events: ["turn"] } });
  const [mail] = await mailsTo(address, 1);
  expect((await call("/api/notifications/confirm", { body: { token: confirmTokenIn(mail!) } })).status).toBe(200);
  const oneClick = /^<(https:\/\/burraco\.test(\/api\/notifications\/unsubscribe\/([\w-]+)))>$/.exec(mail!.headers["list-unsubscribe"]!);
  expect(oneClick).not.toBeNull();
  expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  return { key, address, id: made.body.subscription.id as string, path: oneClick![2]!, token: oneClick![3]! };
}

/** What a mail program sends for a one-click unsubscribe. */
function post(path: string, body: BodyInit | undefined, contentType?: string) {
  return exports.default.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: contentType ? { "Content-Type": contentType } : {},
    body,
    redirect: "manual",
  });
}

describe("one-click unsubscribe", () => {
  it("removes the subscription at once on a form POST, answering 200 with no secret, and again 200 after", async () => {
    const { key, address, id, path, token } = await confirmedAddress();
    const answer = await post(path, "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded");
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual({ unsubscribed: true });
    expect(text).not.toContain(token);
    expect(answer.headers.get("Location")).toBeNull();
    expect(await subscriptionRow(id)).toBeNull();
    expect((await call("/api/me/notifications", { token: key })).body.subscriptions).toEqual([]);
    expect(await fanOut(env, turnFor(unique("g"), [hashToken(key), null]))).toEqual({ queued: 0, skipped: 0 });
    expect((await post(path, "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded")).status).toBe(200);
    await settle(500);
    expect(await mailTo(address)).toHaveLength(1);
  });

  it("takes the multipart form RFC 8058 prefers", async () => {
    const { id, path } = await confirmedAddress();
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const answer = await exports.default.fetch(`${BASE}${path}`, { method: "POST", body: form });
    expect(answer.status).toBe(200);
    expect(await subscriptionRow(id)).toBeNull();
  });

  it("never unsubscribes on a GET (mail scanners open links): it redirects to the page that asks", async () => {
    const { id, path, token } = await confirmedAddress();
    const answer = await exports.default.fetch(`${BASE}${path}`, { redirect: "manual" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`https://burraco.test/notifications/unsubscribe#token=${token}`);
    expect(await subscriptionRow(id)).not.toBeNull();
  });

  it("refuses a POST without List-Unsubscribe=One-Click, or not sent as a form, and keeps the subscription", async () => {
    const { id, path } = await confirmedAddress();
    for (const [body, type, status, code] of [
      ["List-Unsubscribe=Yes", "application/x-www-form-urlencoded", 400, "BAD_REQUEST"],
      ["", "application/x-www-form-urlencoded", 400, "BAD_REQUEST"],
      [JSON.stringify({ "List-Unsubscribe": "One-Click" }), "application/json", 415, "UNSUPPORTED_MEDIA_TYPE"],
      ["List-Unsubscribe=One-Click", "text/plain", 415, "UNSUPPORTED_MEDIA_TYPE"],
    ] as const) {
      const answer = await post(path, body, type);
      expect(answer.status, `${type} ${body}`).toBe(status);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    expect(
      (await post("/api/notifications/unsubscribe/short", "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded")).status,
    ).toBe(400);
    expect(await subscriptionRow(id)).not.toBeNull();
  });
});

describe("confirming an address", () => {
  it("refuses a malformed token with 400 and an unknown one with 404", async () => {
    expect(await call("/api/notifications/confirm", { body: { token: "abc" } })).toMatchObject({
      status: 400,
      body: { error: { code: "BAD_REQUEST" } },
    });
    expect(await call("/api/notifications/confirm", { body: { token: playerKey() } })).toMatchObject({
      status: 404,
      body: { error: { code: "CONFIRMATION_NOT_FOUND" } },
    });
    expect(
      await call("/api/notifications/confirm", { raw: "token=x", headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
    ).toMatchObject({ status: 415, body: { error: { code: "UNSUPPORTED_MEDIA_TYPE" } } });
  });
});
