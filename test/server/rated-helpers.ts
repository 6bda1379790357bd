import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { newToken } from "../../src/server/auth";
import type { PeopleGame } from "./helpers";
import { call, homeAddress } from "./helpers";

/**
 * Players who may play rated (docs/ratings.md, "Who plays rated"), each at
 * home on a network of their own. Being established takes a mailbox, a week
 * and three matches: test/server/rated-play.test.ts walks that path once;
 * elsewhere a player is made established by its one column, which is all
 * that rated play reads once a player is established.
 */

let people = 0;

export interface Person {
  readonly key: string;
  /** Their address (CF-Connecting-IP), on a /64 of their own. */
  readonly from: Record<string, string>;
  readonly id: string;
  readonly publicId: string;
}

/** A new player of their own, named, at home on a network of their own; `established` unless told otherwise. */
export async function person(name: string, established = true): Promise<Person> {
  const key = newToken();
  const from = { "CF-Connecting-IP": homeAddress(++people) };
  const me = await call("/api/me", { token: key, headers: from });
  expect(me.status).toBe(200);
  await call("/api/me", { method: "PATCH", token: key, headers: from, body: { name } });
  if (established) await env.DB.prepare("UPDATE players SET established_at = ? WHERE id = ?").bind(Date.now(), me.body.id).run();
  return { key, from, id: me.body.id, publicId: me.body.publicId };
}

/** Opens `seat` of `game` with the person's device, from their own network: the answer. */
export function open(game: PeopleGame, seat: number, who: Person) {
  return call(`/api/games/${game.id}`, { token: game.seats[seat]!.token, headers: { "X-Player-Key": who.key, ...who.from } });
}

/** A person's page: their ratings and latest results. */
export async function pageOf(who: Person) {
  const page = await call(`/api/players/${who.publicId}`);
  return page.status === 404 ? null : page.body;
}
