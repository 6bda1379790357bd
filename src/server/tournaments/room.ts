import type { StandingsView, TournamentView } from "../../shared/wire/tournaments";
import { makeTournamentRecord, type TournamentRecord } from "../../tournament/record";
import { type Settings, Tournament, type TournamentLog } from "../../tournament/state";
import type { TableResult } from "../../tournament/types";
import { hashToken, newToken } from "../auth";
import { done, type Failure, fail, isFailure, type Json, type Reply, toJson } from "../reply";
import { cryptoShuffle } from "../room/fairness";
import { seal, unseal } from "../seal";
import {
  leave as leaveEntries,
  type OrganiserAction,
  organise,
  joinPartner as partnerEntries,
  register,
  registrationOpen,
  startable,
  tournamentNotFound,
} from "./actions";
import { keepStandings, keptStandings } from "./checkpoint";
import { type Chore, cursor, tablesIn } from "./chores";
import { type RatedCandidate, ratedCandidate, samePersonRefusal } from "./rated";
import type { LogRow } from "./storage";
import { standingsView, tournamentView } from "./views";
import { TournamentWriter } from "./writer";

/** A new tournament as the Worker checked it. */
export interface TournamentInit {
  readonly id: string;
  readonly settings: Settings;
  readonly organiser: string;
  readonly inviteHash: string | null;
}

/** What the organiser asks: the draw of a start is the room's to make. */
export type Action = Exclude<OrganiserAction, { kind: "start" }> | { readonly kind: "start" };

/** A player asking for a place: their player and device (players/identity.ts), their name, and their client's address. */
export interface Who {
  readonly player: string;
  readonly name: string | null;
  readonly device: string;
  /** The client's network (http.ts clientOf): a rated tournament's same-person check (rated.ts). */
  readonly client: string;
}

/** What a table's game tells its tournament when its match ends (room/tournament-table.ts). */
export interface TableReport {
  readonly tournament: string;
  readonly round: number;
  readonly table: number;
  readonly game: string;
  readonly result: TableResult;
}

/**
 * One tournament's room (docs/tournaments.md), as the Worker and its tables
 * call it: the organiser's and the players' requests, each checked against
 * the tournament as it stands (actions.ts, rated.ts) and appended to its
 * log; the tables' results. The one writer under it (writer.ts) folds the
 * log, does the rounds' chores in slices on its alarm (next-chore.ts):
 * making the tables, closing them at the deadline, reminding, releasing
 * their hands, planning the next round once every table has finished, and
 * copies the log to D1 (drain.ts).
 */
export class TournamentRoom extends TournamentWriter {
  private standingsText: { version: number; text: Json<StandingsView> } | null = null;

  /** `inviteSealed`: the invitation link's token sealed (seal.ts), kept out of the log, shown to the organiser only. */
  async create(init: TournamentInit, inviteSealed: string | null = null): Promise<Reply<{ version: number }>> {
    const existing = this.load();
    if (existing) return existing.id === init.id ? done({ version: existing.version }) : fail(409, "BAD_TOURNAMENT", "Taken.");
    this.storage.init();
    const now = this.now();
    const created: TournamentLog = { type: "created", ...init };
    const row: LogRow = { seq: 1, at: now, body: created };
    this.storage.atomically(() => {
      this.storage.appendLog([row]);
      this.storage.setMeta("created_at", String(now));
      if (inviteSealed !== null) this.storage.setMeta("invite", inviteSealed);
    });
    this.t = Tournament.fold([created]);
    this.seq = 1;
    await this.written(now);
    return done({ version: 1 }, 201);
  }

  /** The tournament as `player` (or anyone, null) sees it. */
  async view(id: string, player: string | null, origin: string): Promise<Reply<Json<TournamentView>>> {
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    const entry = player === null ? null : t.entryOf(player);
    let partner: TournamentView["you"]["partner"] = null;
    if (entry?.partnerHash) {
      const token = await unseal(this.storage.getMeta(`partner:${entry.entry}`) ?? "", this.env.GAME_ID_KEY);
      if (token) partner = { token, url: partnerUrl(origin, t.id, token) };
    }
    const organiser = player === t.created.organiser;
    let invite: TournamentView["you"]["invite"] = null;
    if (organiser && t.created.inviteHash !== null) {
      const token = await unseal(this.storage.getMeta("invite") ?? "", this.env.GAME_ID_KEY);
      if (token) invite = { token, url: `${origin}/tournament/${t.id}#invite=${token}` };
    }
    const you = { organiser, entry: entry?.entry ?? null, partner, invite };
    return done(toJson(tournamentView(t, registrationOpen(t, this.now()), you)));
  }

  /** The standings, built once per version of the tournament and served as that text until it changes. */
  async standings(id: string): Promise<Reply<Json<StandingsView>>> {
    // A cold room answers from the copy it kept, while the log has nothing newer: nothing read but that.
    if (!this.t) {
      const kept = keptStandings(this.storage, id);
      if (kept) return done(kept);
    }
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    if (this.standingsText?.version !== t.version) {
      this.standingsText = { version: t.version, text: toJson(standingsView(t)) };
      keepStandings(this.storage, id, t.version, this.standingsText.text);
    }
    return done(this.standingsText.text);
  }

  /** The tournament's record (src/tournament/record.ts): `origin` for its games' record addresses. */
  async record(id: string, origin: string): Promise<Reply<Json<TournamentRecord>>> {
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    const log = this.storage.readLog().map((r) => r.body);
    const record = makeTournamentRecord(log, (game) => `${origin}/api/games/${game}/record`);
    return done(toJson(record));
  }

  async register(
    id: string,
    who: Who,
    invite: string | null,
    origin: string,
  ): Promise<Reply<{ entry: number; partner: { token: string; url: string } | null }>> {
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    const token = newToken();
    const inviteHash = invite === null ? null : hashToken(invite);
    const early = register(t, this.now(), who, inviteHash, null);
    if (isFailure(early)) return early;
    // Whatever waits (D1, sealing) comes first: the checks against the tournament as it stands and the append follow
    // with nothing in between, so that two registrations at once cannot take one entry's number or one player twice.
    const rated = await this.ratedCheck(t, who);
    if (isFailure(rated)) return rated;
    const pairs = t.settings.format === "pairs";
    const sealed = pairs ? await seal(token, this.env.GAME_ID_KEY) : null;
    const entries = register(t, this.now(), { ...who, origin: rated?.origin }, inviteHash, hashToken(token));
    if (isFailure(entries)) return entries;
    const refused = rated && samePersonRefusal(t, rated, null);
    if (refused) return refused;
    const first = entries[0]!;
    await this.append(entries, () => {
      if (sealed !== null && first.type === "entered") this.storage.setMeta(`partner:${first.entry}`, sealed);
    });
    const entry = first.type === "entered" ? first.entry : -1;
    return done({ entry, partner: pairs ? { token, url: partnerUrl(origin, id, token) } : null }, 201);
  }

  async joinPartner(id: string, who: Who, token: string): Promise<Reply<{ entry: number; partner: null }>> {
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    const early = partnerEntries(t, who, hashToken(token));
    if (isFailure(early)) return early;
    const rated = await this.ratedCheck(t, who);
    if (isFailure(rated)) return rated;
    const entries = partnerEntries(t, { ...who, origin: rated?.origin }, hashToken(token));
    if (isFailure(entries)) return entries;
    const joined = entries[0]!;
    const refused = rated && samePersonRefusal(t, rated, joined.type === "partnerJoined" ? joined.entry : null);
    if (refused) return refused;
    await this.append(entries);
    return done({ entry: joined.type === "partnerJoined" ? joined.entry : -1, partner: null });
  }

  /** A rated tournament's place is for an established player (rated.ts): D1's part of the check, null when unrated. */
  private async ratedCheck(t: Tournament, who: Who): Promise<RatedCandidate | null | Failure> {
    if (!t.settings.rated) return null;
    return ratedCandidate(this.env.DB, who, who.client, this.now());
  }

  /** A player leaves before the start, or withdraws afterwards. */
  async leave(id: string, player: string): Promise<Reply<{ version: number }>> {
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    const entries = leaveEntries(t, player);
    if (isFailure(entries)) return entries;
    await this.append(entries);
    await this.withdrawAtTables(entries);
    return done({ version: t.version });
  }

  async organise(id: string, player: string, action: Action): Promise<Reply<{ version: number }>> {
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    let order: number[] = [];
    if (action.kind === "start" && player === t.created.organiser && t.status === "registration") {
      const entries = startable(t);
      if (isFailure(entries)) return entries;
      // The draw: the order the movement seats the entries in, from the platform's cryptographic source.
      order = cryptoShuffle(entries);
    }
    const entries = organise(t, player, action.kind === "start" ? { kind: "start", order } : action);
    if (isFailure(entries)) return entries;
    // An end closes the round in play: its tables still playing are settled, and counted when they end.
    const cur = t.current();
    const closing: TournamentLog[] =
      action.kind === "end" && cur && !cur.closed && !t.finished(cur) ? [{ type: "roundClosed", round: cur.planned.round }] : [];
    await this.append([...entries, ...closing]);
    await this.withdrawAtTables(entries);
    // A start plans the first round at once (chore), and begins making its tables.
    await this.work();
    return done({ version: t.version });
  }

  /** A withdrawal reaches the entry's table in play, if any: resigned there (forfeit), or the computer takes its seats. */
  private async withdrawAtTables(entries: readonly TournamentLog[]): Promise<void> {
    const t = this.t!;
    const cur = t.current();
    if (!cur) return;
    for (const body of entries) {
      if (body.type !== "withdrawn") continue;
      const table = tablesIn(cur).find((p) => p.sides.includes(body.entry));
      const game = table && cur.games.get(table.table);
      if (!table || !game || cur.results.has(table.table)) continue;
      const side = table.sides.indexOf(body.entry);
      const players = t.settings.format === "pairs" ? 4 : 2;
      const seats = Array.from({ length: players }, (_, s) => s).filter((s) => s % 2 === side);
      await this.env.GAME_ROOM.get(this.env.GAME_ROOM.idFromName(game)).withdrawSeats(game, seats, body.mode, t.settings.level);
    }
  }

  /** A table's match ended (its game room says so once D1 has it); a result the tournament has is ignored. */
  async tableEnded(report: TableReport): Promise<boolean> {
    const t = await this.open(report.tournament);
    const round = t?.rounds[report.round];
    if (!t || !round) return false;
    if (round.games.get(report.table) !== report.game) return false;
    if (!round.results.has(report.table))
      await this.append([{ type: "tableEnded", round: report.round, table: report.table, result: report.result }]);
    await this.work();
    return true;
  }

  /** The Cron guard: does whatever is due, as the alarm would have. */
  async wake(id: string): Promise<void> {
    if (await this.open(id)) await this.work();
  }

  // ── The rounds' chores ────────────────────────────────────────────────

  // ── Storage, the copy to D1, the alarm ─────────────────────────────────

  /** How far each chore of a round has gone (for tests and the bench). */
  async progress(id: string, round: number): Promise<Record<Chore, number> | null> {
    if (!(await this.open(id))) return null;
    const of = (chore: Chore) => this.storage.number(cursor(chore, round));
    return { make: of("make"), settle: of("settle"), remind: of("remind"), release: of("release"), tell: of("tell") };
  }
}

export const partnerUrl = (origin: string, id: string, token: string) => `${origin}/tournament/${id}#partner=${token}`;
