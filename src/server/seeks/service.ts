import { type PlayerCount, teamOf } from "../../engine/index";
import type { PresetName } from "../../engine/rules";
import type { Language } from "../../shared/language";
import type { ClockRequest } from "../../shared/wire/clock";
import { type JoinedSeek, type PlayNowRequest, type PublishSeekRequest, SEEK_LIMITS } from "../../shared/wire/seeks";
import type { z } from "../../shared/wire/z";
import { base64url, newGameId, newToken } from "../auth";
import type { ClockControl } from "../clock/clock";
import { HOUR, MINUTE, parseDuration } from "../clock/time";
import { profileOf, ratingIn } from "../db/player-facts";
import { updatePlayer } from "../db/player-queries";
import {
  insertSeek,
  openSeekCounts,
  pairOrPublish,
  type SeekRow,
  type SeekSeatRow,
  type StoredSeek,
  seatsOf,
  seekById,
  seeksOf,
  takeSeat,
} from "../db/seek-queries";
import type { Env } from "../env";
import { networkKey } from "../network";
import { enrol, type Identity } from "../players/identity";
import { GLICKO } from "../ratings/glicko";
import { notEstablished, standingOf } from "../ratings/standing";
import { seatRefusal } from "../ratings/verdict";
import { done, type Failure, fail, isFailure, type Reply } from "../reply";
import { controlView } from "../room/clock-view";
import { seal } from "../seal";
import { clockControl } from "../validate";
import { startSeekGame } from "./start";
import { seekGame, seekViews } from "./view";

/** Publishing, joining and "play now" (docs/seeks.md). */

/** A clock at most this long per turn (or for the whole bank) is a live game's. */
const LIVE = 2 * HOUR;

const paceOf = (control: ClockControl): SeekRow["pace"] =>
  (control.kind === "perMove" ? control.perMove : control.bank) <= LIVE ? "live" : "correspondence";

export const seekNotFound = (): Failure =>
  fail(404, "SEEK_NOT_FOUND", "No open seek with this id: it was withdrawn, has expired, or never was.");
const seekFull = (): Failure => fail(409, "SEEK_FULL", "Every seat of this seek is taken.");

/** A seek's id: 16 base64url characters (96 random bits). */
const newSeekId = () => base64url(crypto.getRandomValues(new Uint8Array(12)));
export const SEEK_ID = /^[A-Za-z0-9_-]{16}$/;

type PublishInput = z.output<typeof PublishSeekRequest>;

export interface Context {
  readonly env: Env;
  readonly who: Identity;
  readonly origin: string;
  readonly now: number;
  /** The language the request prefers, for a player with none stored. */
  readonly language: Language;
  /** The network the request comes from (http.ts clientOf). */
  readonly network: string;
}

/** The name a player sits down under: the one given, else their own; a stranger's table needs one (NAME_REQUIRED). */
function nameOf(given: string | null | undefined, profile: { name: string | null }): string | Failure {
  const name = given ?? profile.name;
  if (name) return name;
  return fail(
    422,
    "NAME_REQUIRED",
    "The other players will see your name: give one (`name`), or set your player's name first (PATCH /api/me).",
  );
}

/**
 * The player's rows are stored if they are not yet; a player who had no name
 * of their own keeps the one they sat down under, so that they are asked once
 * (their page, the leaderboards and every later seat say it).
 */
async function sitDown(ctx: Context, profile: { name: string | null }, name: string): Promise<void> {
  await enrol(ctx.env.DB, ctx.who, ctx.now, ctx.language);
  if (profile.name === null) await updatePlayer(ctx.env.DB, ctx.who.player, { name });
}

/** Rated play needs an established player (ratings/standing.ts). */
async function mayPlayRated(ctx: Context, rated: boolean): Promise<Failure | null> {
  if (!rated) return null;
  const standing = await standingOf(ctx.env.DB, ctx.who.player, ctx.now);
  return standing.established ? null : notEstablished(standing);
}

/** The open-seek limits (docs/seeks.md, "Limits"): per player (fewer for one not yet established) and per network. */
async function mayPublish(ctx: Context): Promise<Failure | null> {
  const { env, who, now } = ctx;
  const counts = await openSeekCounts(env.DB, who.player, networkKey(ctx.network), now);
  if (counts.network >= SEEK_LIMITS.openPerNetwork)
    return fail(
      409,
      "TOO_MANY_SEEKS",
      `At most ${SEEK_LIMITS.openPerNetwork} seeks may wait in the lobby from one network at once: withdraw one first.`,
    );
  if (counts.player < SEEK_LIMITS.openPerNewPlayer) return null;
  const established = counts.player < SEEK_LIMITS.openPerPlayer && (await standingOf(env.DB, who.player, now)).established;
  if (established) return null;
  const most = counts.player >= SEEK_LIMITS.openPerPlayer ? SEEK_LIMITS.openPerPlayer : SEEK_LIMITS.openPerNewPlayer;
  return fail(
    409,
    "TOO_MANY_SEEKS",
    `You may have ${most} open seeks at once${most === SEEK_LIMITS.openPerNewPlayer ? ` until you are an established player (docs/ratings.md; then ${SEEK_LIMITS.openPerPlayer})` : ""}: withdraw one first.`,
  );
}

/** A seek as its players see it, with their game once made. */
export async function joinedView(ctx: Context, seek: StoredSeek): Promise<JoinedSeek> {
  const [view] = await seekViews(ctx.env.DB, [seek], ctx.who.player);
  const seats = (await seatsOf(ctx.env.DB, [seek.id])).get(seek.id) ?? [];
  return { seek: view!, game: await seekGame(seek, seats, ctx.who.player, ctx.origin, ctx.env.GAME_ID_KEY) };
}

export async function publishSeek(ctx: Context, input: PublishInput, expiresIn?: number): Promise<Reply<JoinedSeek>> {
  const { env, who, now } = ctx;
  const control = clockControl(input.clock as ClockRequest);
  if (isFailure(control)) return control;
  if (control === null) return fail(422, "BAD_CLOCK", "A seek needs a clock.");
  let life = expiresIn ?? parseDuration(SEEK_LIMITS.defaultExpiry)!;
  if (input.expiresIn !== undefined) {
    const asked = parseDuration(input.expiresIn);
    if (asked === null || asked < SEEK_LIMITS.minExpiryMinutes * MINUTE || asked > SEEK_LIMITS.maxExpiryDays * 24 * HOUR)
      return fail(422, "BAD_SEEK", `expiresIn must be from ${SEEK_LIMITS.minExpiryMinutes}m to ${SEEK_LIMITS.maxExpiryDays}d, e.g. "7d".`);
    life = asked;
  }
  const profile = await profileOf(env.DB, who.player);
  const name = nameOf(input.name, profile);
  if (isFailure(name)) return name;
  const refused = (await mayPlayRated(ctx, input.rated ?? false)) ?? (await mayPublish(ctx));
  if (refused) return refused;
  await sitDown(ctx, profile, name);
  const row: SeekRow = {
    id: newSeekId(),
    playerId: who.player,
    preset: input.preset ?? "classic",
    players: input.players,
    clock: JSON.stringify(controlView(control)),
    pace: paceOf(control),
    rated: input.rated ?? false,
    language: input.language ?? profile.language ?? ctx.language,
    minRating: input.minRating ?? null,
    maxRating: input.maxRating ?? null,
    status: "open",
    gameId: null,
    startedAt: null,
    createdAt: now,
    expiresAt: now + life,
    network: networkKey(ctx.network),
  };
  const first = {
    seekId: row.id,
    seat: 0,
    playerId: who.player,
    name,
    link: await seal(newToken(), env.GAME_ID_KEY),
    joinedAt: now,
    network: row.network,
    device: who.device,
  };
  await insertSeek(env.DB, row, first);
  const seek = (await seekById(env.DB, row.id))!;
  return done(await joinedView(ctx, seek), 201);
}

/** Whether a player's rating in the seek's pool (a new player's 1500 before their first rated match) is within its range. */
async function inRange(d1: D1Database, seek: StoredSeek, player: string): Promise<boolean> {
  if (seek.minRating === null && seek.maxRating === null) return true;
  const rating = (await ratingIn(d1, player, seek.preset, seek.players)) ?? GLICKO.initial.rating;
  return (seek.minRating === null || rating >= seek.minRating) && (seek.maxRating === null || rating <= seek.maxRating);
}

/** A seek's seated players as the same-person check sees them: the opponents and the partners of the next seat to take. */
function sitters(seek: StoredSeek, seats: readonly SeekSeatRow[]) {
  const n = seek.players as PlayerCount;
  const mine = teamOf(seats.length, n);
  const sitter = (s: SeekSeatRow) => ({ player: s.playerId, network: s.network, device: s.device });
  return [
    seats.filter((s) => teamOf(s.seat, n) !== mine).map(sitter),
    seats.filter((s) => teamOf(s.seat, n) === mine).map(sitter),
  ] as const;
}

/** Takes a seat in an open seek; the last seat makes the game. */
export async function joinSeek(ctx: Context, id: string, name: string | null | undefined): Promise<Reply<JoinedSeek>> {
  const { env, who, now } = ctx;
  const seek = SEEK_ID.test(id) ? await seekById(env.DB, id) : null;
  if (!seek || (seek.status === "open" && seek.expiresAt <= now)) return seekNotFound();
  const seats = (await seatsOf(env.DB, [seek.id])).get(seek.id) ?? [];
  if (seats.some((s) => s.playerId === who.player))
    return fail(409, "ALREADY_JOINED", "You hold a seat in this seek already: the game starts when every seat is taken.");
  if (seek.status === "full") return seekFull();
  if (!(await inRange(env.DB, seek, who.player)))
    return fail(403, "RATING_OUT_OF_RANGE", "Your rating in this seek's pool is outside the range its publisher asked for.");
  const profile = await profileOf(env.DB, who.player);
  const seated = nameOf(name, profile);
  if (isFailure(seated)) return seated;
  const network = networkKey(ctx.network);
  if (seek.rated) {
    const refused = await seatRefusal(env.DB, { player: who.player, network, device: who.device }, ...sitters(seek, seats), now);
    if (refused) return refused;
  }
  await sitDown(ctx, profile, seated);
  const link = await seal(newToken(), env.GAME_ID_KEY);
  const taken = await takeSeat(
    env.DB,
    { seekId: seek.id, playerId: who.player, name: seated, link, network, device: who.device },
    newGameId(env.GAME_ID_KEY),
    now,
  );
  const after = await seekById(env.DB, seek.id);
  if (!taken.taken) {
    // Someone else was quicker (the last seat), the seek went (withdrawn, expired), or this player's other request took a seat.
    if (!after) return seekNotFound();
    const again = (await seatsOf(env.DB, [seek.id])).get(seek.id) ?? [];
    if (again.some((s) => s.playerId === who.player))
      return fail(409, "ALREADY_JOINED", "You hold a seat in this seek already: the game starts when every seat is taken.");
    return after.status === "full" ? seekFull() : seekNotFound();
  }
  if (taken.filled && after) {
    try {
      await startSeekGame(env, after, now);
    } catch (error) {
      // The seat is the joiner's and the seek full: the cron makes the game (seeks/start.ts); the players find it then.
      console.error(`seek ${after.id}: its game could not be made now: ${String(error)}`);
    }
    return done(await joinedView(ctx, (await seekById(env.DB, seek.id)) ?? after));
  }
  return done(await joinedView(ctx, after ?? seek));
}

type PlayNowInput = z.output<typeof PlayNowRequest>;

/** "Play now"'s clock when the player names none: an hour's bank and a minute more a turn, a live game. */
const PLAY_NOW_CLOCK = { bank: "1h", increment: "1m" } as const;

/**
 * "Play now against someone": the oldest open live seek of the pool the
 * player may join (same preset, players and rated, rating in range), else
 * the player's own one still waiting, else a new live seek of theirs that
 * lives a few minutes (the client then offers the computer). Taking a seat
 * and, failing that, publishing are one D1 transaction (pairOrPublish), so
 * that players pressing it at once pair off rather than each wait alone.
 */
export async function playNow(ctx: Context, input: PlayNowInput): Promise<Reply<JoinedSeek>> {
  const { env, who, now } = ctx;
  const preset: PresetName = input.preset ?? "classic";
  const n = input.players ?? 2;
  const rated = input.rated ?? false;
  const clock = input.clock ?? PLAY_NOW_CLOCK;
  const control = clockControl(clock as ClockRequest);
  if (isFailure(control)) return control;
  if (control === null || paceOf(control) !== "live")
    return fail(422, "BAD_CLOCK", "Play now is for live games: a clock of at most two hours per turn or bank.");
  const waiting = (await seeksOf(env.DB, who.player, now)).find(
    (s) => s.status === "open" && s.pace === "live" && s.preset === preset && s.players === n && s.rated === rated,
  );
  if (waiting) return done(await joinedView(ctx, waiting));
  const profile = await profileOf(env.DB, who.player);
  const name = nameOf(input.name, profile);
  if (isFailure(name)) return name;
  const refused = (await mayPlayRated(ctx, rated)) ?? (await mayPublish(ctx));
  if (refused) return refused;
  await sitDown(ctx, profile, name);
  const network = networkKey(ctx.network);
  const own: SeekRow = {
    id: newSeekId(),
    playerId: who.player,
    preset,
    players: n,
    clock: JSON.stringify(controlView(control)),
    pace: "live",
    rated,
    language: input.language ?? profile.language ?? ctx.language,
    minRating: null,
    maxRating: null,
    status: "open",
    gameId: null,
    startedAt: null,
    createdAt: now,
    expiresAt: now + SEEK_LIMITS.playNowMinutes * MINUTE,
    network,
  };
  const rating = (await ratingIn(env.DB, who.player, preset, n)) ?? GLICKO.initial.rating;
  const link = await seal(newToken(), env.GAME_ID_KEY);
  const paired = await pairOrPublish(
    env.DB,
    { playerId: who.player, name, link, network, device: who.device, rating },
    { preset, players: n, rated },
    own,
    newGameId(env.GAME_ID_KEY),
    now,
  );
  const seek = await seekById(env.DB, paired.joined ?? own.id);
  if (!seek) return seekNotFound();
  if (paired.filled) {
    try {
      await startSeekGame(env, seek, now);
    } catch (error) {
      console.error(`seek ${seek.id}: its game could not be made now: ${String(error)}`);
    }
    return done(await joinedView(ctx, (await seekById(env.DB, seek.id)) ?? seek));
  }
  return done(await joinedView(ctx, seek), paired.published ? 201 : 200);
}
