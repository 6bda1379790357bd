import type { DealRecord } from "../engine/index";
import type { ComputerLevel } from "../shared/wire/common";
import { type CreatedLog, type EntryState, type Member, type RoundState, Tournament, type TournamentLog } from "./state";
import type { LostReason, Pairing, TableResult, Withdrawal } from "./types";

/**
 * A tournament's checkpoint: its state as folded up to a version, in
 * compact JSON texts, so that a cold room reads them and folds only the
 * entries after them, not its whole log (docs/tournaments.md, "Size"). At
 * 1,000 entries over five rounds the log is some 4,000 entries and over a
 * megabyte of JSON, most of it the entries' members and the tables'
 * results written as objects; here they are lists (a member, a pairing, a
 * result: one array each), which halves the text to parse. Pure: the room
 * keeps the texts (tournaments/storage.ts) and says when to write them.
 */

/** `[player, name, computer]`, and for a rated tournament's person `network, device, ...mailboxes` after them. */
type MemberRow = [string | null, string | null, ComputerLevel | null, ...(string | null)[]];
/** `[partnerHash, removed (0/1), withdrawn, ...members]`. */
type EntryRow = [string | null, 0 | 1, Withdrawal | null, ...MemberRow[]];
/** A table `[table, side 0, side 1]`; a bye `[0, entry]`; a forfeit won `[-1, entry, against]` (tables count from 1). */
type PairingRow = number[] | [number, number | null, number | null];
/** `[table, total 0, total 1, [hand points, side 0 then 1, hand after hand], lost side, lost reason]` (the last two when lost). */
type ResultRow = [number, number, number, number[], ...([] | [0 | 1, LostReason])];
interface RoundRow {
  readonly r: number;
  readonly d: number;
  readonly p: PairingRow[];
  readonly deals: readonly DealRecord[];
  /** `[table, game]`, in the order made. */
  readonly g: [number, string][];
  readonly x: ResultRow[];
  readonly c: 0 | 1;
}

/** The checkpoint's first part: what is not an entry's or a round's, and how many of each there are. */
interface Head {
  readonly v: 1;
  readonly version: number;
  readonly created: CreatedLog;
  readonly order: readonly number[] | null;
  readonly ended: "complete" | "organiser" | null;
  readonly entries: number;
  readonly rounds: number;
}

/**
 * A checkpoint is kept in parts, so that writing one costs what changed
 * since the last, not the whole tournament: its head, its entries by
 * hundreds (`entries:<k>`), each round (`round:<r>`). The room writes the
 * head and the parts the entries logged since touched (`partOf`).
 */
export type Part = "head" | `entries:${number}` | `round:${number}`;

/** Entries per part: registering, withdrawing rewrites one part of them. */
export const ENTRIES_PER_PART = 100;

const entriesPart = (entry: number): Part => `entries:${Math.floor(entry / ENTRIES_PER_PART)}`;

/** The part of the checkpoint a log entry changes (besides the head, always written: it holds the version). */
export function partOf(body: TournamentLog): Part {
  switch (body.type) {
    case "entered":
    case "partnerJoined":
    case "removed":
    case "withdrawn":
      return entriesPart(body.entry);
    case "roundPlanned":
    case "tablesMade":
    case "tableEnded":
    case "roundClosed":
      return `round:${body.round}`;
    case "created":
    case "started":
    case "ended":
      return "head";
  }
}

/** Every part of the tournament's checkpoint. */
export function allParts(t: Tournament): Part[] {
  const parts: Part[] = ["head"];
  for (let k = 0; k * ENTRIES_PER_PART < t.entries.length; k++) parts.push(`entries:${k}`);
  for (let r = 0; r < t.rounds.length; r++) parts.push(`round:${r}`);
  return parts;
}

function memberRow(m: Member): MemberRow {
  const head: MemberRow = [m.player, m.name, m.computer];
  return m.origin ? [...head, m.origin.network, m.origin.device, ...m.origin.mailboxes] : head;
}

function member(row: MemberRow): Member {
  const [player, name, computer, network, device, ...mailboxes] = row;
  const m = { player, name, computer };
  return row.length > 3 ? { ...m, origin: { network: network ?? null, device: device ?? null, mailboxes: mailboxes as string[] } } : m;
}

function pairingRow(p: Pairing): PairingRow {
  if (p.kind === "table") return [p.table, p.sides[0], p.sides[1]];
  return p.kind === "bye" ? [0, p.entry] : [-1, p.entry, p.against];
}

function pairing(row: PairingRow): Pairing {
  const [n, a, b] = row;
  if (n! > 0) return { kind: "table", table: n!, sides: [a ?? null, b ?? null] };
  return n === 0 ? { kind: "bye", entry: a! } : { kind: "forfeit", entry: a!, against: b! };
}

function resultRow(table: number, r: TableResult): ResultRow {
  const head: [number, number, number, number[]] = [table, r.totals[0], r.totals[1], r.hands.flat()];
  return r.lost ? [...head, r.lost.side, r.lost.reason] : head;
}

function result(row: ResultRow): [number, TableResult] {
  const [table, a, b, flat, side, reason] = row;
  const hands: [number, number][] = [];
  for (let i = 0; i < flat.length; i += 2) hands.push([flat[i]!, flat[i + 1]!]);
  const r: TableResult = { totals: [a, b], hands };
  return [table, side === undefined ? r : { ...r, lost: { side, reason: reason! } }];
}

function partText(t: Tournament, part: Part): string {
  if (part === "head") {
    const head: Head = {
      v: 1,
      version: t.version,
      created: t.created,
      order: t.order,
      ended: t.ended,
      entries: t.entries.length,
      rounds: t.rounds.length,
    };
    return JSON.stringify(head);
  }
  const [kind, n] = part.split(":") as ["entries" | "round", string];
  const at = Number(n);
  if (kind === "entries") {
    const entries = t.entries.slice(at * ENTRIES_PER_PART, (at + 1) * ENTRIES_PER_PART);
    const rows: EntryRow[] = entries.map((e) => [e.partnerHash, e.removed ? 1 : 0, e.withdrawn, ...e.members.map(memberRow)]);
    return JSON.stringify(rows);
  }
  const r = t.rounds[at]!;
  const row: RoundRow = {
    r: r.planned.round,
    d: r.planned.deadline,
    p: r.planned.pairings.map(pairingRow),
    deals: r.planned.deals,
    g: [...r.games],
    x: [...r.results].map(([table, res]) => resultRow(table, res)),
    c: r.closed ? 1 : 0,
  };
  return JSON.stringify(row);
}

/** The texts of some parts of a tournament's checkpoint, as it stands. */
export function checkpointParts(t: Tournament, parts: Iterable<Part>): Map<Part, string> {
  return new Map([...new Set(parts)].map((part) => [part, partText(t, part)]));
}

/** The tournament a checkpoint's parts hold (written by checkpointParts, every part there), ready for the entries after it. */
export function fromParts(parts: ReadonlyMap<string, string>): Tournament {
  const text = (part: Part) => {
    const found = parts.get(part);
    if (found === undefined) throw new Error(`a tournament checkpoint without its part ${part}`);
    return found;
  };
  const head = JSON.parse(text("head")) as Head;
  if (head.v !== 1) throw new Error(`a tournament checkpoint of an unknown version: ${String(head.v)}`);
  const rows: EntryRow[] = [];
  for (let k = 0; k * ENTRIES_PER_PART < head.entries; k++) rows.push(...(JSON.parse(text(`entries:${k}`)) as EntryRow[]));
  const entries: EntryState[] = rows.map(([partnerHash, removed, withdrawn, ...members], entry) => ({
    entry,
    members: (members as MemberRow[]).map(member),
    partnerHash,
    removed: removed === 1,
    withdrawn,
  }));
  const rounds: RoundState[] = [];
  for (let at = 0; at < head.rounds; at++) {
    const r = JSON.parse(text(`round:${at}`)) as RoundRow;
    rounds.push({
      planned: { type: "roundPlanned", round: r.r, pairings: r.p.map(pairing), deadline: r.d, deals: r.deals },
      games: new Map(r.g),
      results: new Map(r.x.map(result)),
      closed: r.c === 1,
    });
  }
  return Tournament.resume({ created: head.created, entries, order: head.order, rounds, ended: head.ended, version: head.version });
}

/** The whole checkpoint in one text (for comparing two tournaments, and tests). */
export function snapshotOf(t: Tournament): string {
  return JSON.stringify(Object.fromEntries(checkpointParts(t, allParts(t))));
}

/** The tournament a whole checkpoint's text holds (snapshotOf). */
export function fromSnapshot(text: string): Tournament {
  return fromParts(new Map(Object.entries(JSON.parse(text) as Record<string, string>)));
}
