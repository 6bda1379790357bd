/**
 * The cost model of docs/scale.md, from what `npm run bench -- cost`
 * measured (kept in bench/figures/cost.json): each kind
 * of match's usage of every billed unit, scaled to a whole match; what a
 * club of 50, a site of 5,000 and one of 500,000 players use in a month; and
 * what that costs on the Free and the Paid plans, with the limit that binds
 * first. Pure functions of the measured figures and of the inputs declared
 * here and in prices.ts: `costFigures` and `floorFigures` give the figures
 * docs/scale.md cites (its tables among them), which the bench keeps and
 * writes into the docs like every figure (bench/figures.ts), so none of
 * them is typed by hand.
 */
import { markdownTable } from "./figures";
import { FREE, GB_PER_DURABLE_OBJECT, PAID } from "./prices";

/** What one whole match uses of each unit Cloudflare bills or limits. */
export interface MatchUsage {
  readonly workerRequests: number;
  /** The runtime's CPU (the Worker's and the rooms', the local D1's and queue's own work included: an upper bound). */
  readonly cpuMs: number;
  readonly doRequests: number;
  readonly doGbSeconds: number;
  readonly doRowsWritten: number;
  readonly doBytes: number;
  readonly d1RowsRead: number;
  readonly d1RowsWritten: number;
  readonly d1Bytes: number;
  readonly queueOperations: number;
  readonly deliveries: number;
}

/** One kind of match as measured, and scaled to a whole match. */
export interface Kind {
  readonly name: string;
  readonly players: number;
  readonly moves: number;
  /** Moves in a whole match to 2005 (bench/match-size.ts). */
  readonly movesPerMatch: number;
  readonly perMove: MatchUsage;
  readonly perMatch: MatchUsage;
  /** D1 queries a move, in the main database and in the game's log shard (each is the database's time: capacity). */
  readonly queries: { readonly main: number; readonly log: number };
  /** Queue messages a move. */
  readonly queueMessages: number;
}

/** The realistic kinds a month is made of, by name (bench/cost.ts plays them). */
export const CORRESPONDENCE = "correspondence";
export const LIVE = "live";

/**
 * What a player does in a month, in the model (inputs, not measures): two
 * matches by correspondence (two weeks each) and four live (an evening
 * each), two players a match, each subscribed to "your turn" by push, or
 * by push and email (the realistic kinds' subscriptions).
 */
export const MONTH = { correspondence: 2, live: 4, playersPerMatch: 2 } as const;

/** The sizes docs/scale.md opens with. */
export const SIZES = [
  { name: "a club of 50", players: 50 },
  { name: "a site of 5,000", players: 5_000 },
  { name: "a site of 500,000", players: 500_000 },
] as const;

/** The Cron Trigger's invocations a month (every five minutes), which play no match. */
const CRON_PER_MONTH = 12 * 24 * 30;
/** Storage: a room keeps its game for good (here, a year of games); D1 keeps a finished game's log 30 days (then R2). */
const ROOM_MONTHS_KEPT = 12;
const D1_MONTHS_KEPT = 1;

type Unit = keyof MatchUsage;

/** A usage times `k` (per move to per match, per match to a month). */
export const scale = (u: MatchUsage, k: number): MatchUsage =>
  Object.fromEntries(Object.entries(u).map(([key, v]) => [key, v * k])) as unknown as MatchUsage;
const add = (a: MatchUsage, b: MatchUsage): MatchUsage =>
  Object.fromEntries(Object.entries(a).map(([key, v]) => [key, v + b[key as Unit]])) as unknown as MatchUsage;

/** A month of play for `players`: the matches, their usage, and the storage held (bytes). */
export function monthOf(kinds: readonly Kind[], players: number) {
  const kind = (name: string) => {
    const found = kinds.find((k) => k.name === name);
    if (!found) throw new Error(`no measured kind ${name}`);
    return found;
  };
  const correspondence = (players * MONTH.correspondence) / MONTH.playersPerMatch;
  const live = (players * MONTH.live) / MONTH.playersPerMatch;
  const usage = add(scale(kind(CORRESPONDENCE).perMatch, correspondence), scale(kind(LIVE).perMatch, live));
  const month = { ...usage, workerRequests: usage.workerRequests + CRON_PER_MONTH };
  const matches = correspondence + live;
  return {
    matches: { correspondence, live },
    usage: month,
    doStorageGb: (usage.doBytes * ROOM_MONTHS_KEPT) / 1e9,
    d1StorageGb: (usage.d1Bytes * D1_MONTHS_KEPT) / 1e9,
    perMatchBytes: matches > 0 ? usage.d1Bytes / matches : 0,
  };
}

export type Month = ReturnType<typeof monthOf>;

/** Each Free plan limit: a day's use against it (a month's use over 30 days), highest first. */
export function freeUse(m: Month): { limit: string; share: number }[] {
  const day = (v: number) => v / 30;
  const u = m.usage;
  const limits = [
    { limit: "Worker requests (100,000 a day)", share: day(u.workerRequests) / FREE.workerRequestsPerDay },
    { limit: "Durable Object requests (100,000 a day)", share: day(u.doRequests) / FREE.doRequestsPerDay },
    { limit: "Durable Object duration (13,000 GB-s a day)", share: day(u.doGbSeconds) / FREE.doGbSecondsPerDay },
    { limit: "Durable Object rows written (100,000 a day)", share: day(u.doRowsWritten) / FREE.doRowsWrittenPerDay },
    { limit: "Durable Object storage (5 GB)", share: m.doStorageGb / FREE.doStorageGb },
    { limit: "D1 rows read (5 million a day)", share: day(u.d1RowsRead) / FREE.d1RowsReadPerDay },
    { limit: "D1 rows written (100,000 a day)", share: day(u.d1RowsWritten) / FREE.d1RowsWrittenPerDay },
    { limit: "D1 storage (10 databases of 500 MB)", share: m.d1StorageGb / (FREE.d1DatabaseGb * FREE.d1Databases) },
    { limit: "queue operations (10,000 a day)", share: day(u.queueOperations) / FREE.queueOperationsPerDay },
  ];
  return limits.sort((a, b) => b.share - a.share);
}

/** The Paid plan's bill for a month: $5, and each unit beyond what it includes; each allowance's share used, highest first. */
export function paidBill(m: Month): { usd: number; allowances: { limit: string; share: number }[] } {
  const u = m.usage;
  const lines: { limit: string; used: number; included: number; perUnit: number }[] = [
    {
      limit: "Worker requests (10 million)",
      used: u.workerRequests,
      included: PAID.workerRequests.included,
      perUnit: PAID.workerRequests.perMillion / 1e6,
    },
    { limit: "Worker CPU (30 million ms)", used: u.cpuMs, included: PAID.workerCpuMs.included, perUnit: PAID.workerCpuMs.perMillion / 1e6 },
    {
      limit: "Durable Object requests (1 million)",
      used: u.doRequests,
      included: PAID.doRequests.included,
      perUnit: PAID.doRequests.perMillion / 1e6,
    },
    {
      limit: "Durable Object duration (400,000 GB-s)",
      used: u.doGbSeconds,
      included: PAID.doGbSeconds.included,
      perUnit: PAID.doGbSeconds.perMillion / 1e6,
    },
    {
      limit: "Durable Object rows written (50 million)",
      used: u.doRowsWritten,
      included: PAID.doRowsWritten.included,
      perUnit: PAID.doRowsWritten.perMillion / 1e6,
    },
    {
      limit: "Durable Object storage (5 GB)",
      used: m.doStorageGb,
      included: PAID.doStorageGbMonth.included,
      perUnit: PAID.doStorageGbMonth.perGb,
    },
    {
      limit: "D1 rows read (25 billion)",
      used: u.d1RowsRead,
      included: PAID.d1RowsRead.included,
      perUnit: PAID.d1RowsRead.perMillion / 1e6,
    },
    {
      limit: "D1 rows written (50 million)",
      used: u.d1RowsWritten,
      included: PAID.d1RowsWritten.included,
      perUnit: PAID.d1RowsWritten.perMillion / 1e6,
    },
    { limit: "D1 storage (5 GB)", used: m.d1StorageGb, included: PAID.d1StorageGbMonth.included, perUnit: PAID.d1StorageGbMonth.perGb },
    {
      limit: "queue operations (1 million)",
      used: u.queueOperations,
      included: PAID.queueOperations.included,
      perUnit: PAID.queueOperations.perMillion / 1e6,
    },
  ];
  const usd = PAID.base + lines.reduce((sum, l) => sum + Math.max(0, l.used - l.included) * l.perUnit, 0);
  return { usd, allowances: lines.map((l) => ({ limit: l.limit, share: l.used / l.included })).sort((a, b) => b.share - a.share) };
}

/** What `npm run bench -- cost` measured, kept with its figures (bench/figures/cost.json, `data`) to compute them again. */
export interface CostResults {
  /** When and where it was measured. */
  readonly measured: string;
  readonly kinds: readonly Kind[];
  /** The queue consumer's CPU per invocation in the realistic kinds (ms, estimated: their CPU beyond the same moves unnotified). */
  readonly consumerCpuMs: number;
  /** Drains a move in each kind (the room's copy to D1: a drain per turn by correspondence, fewer than one a move live). */
  readonly drainsPerMove: Readonly<Record<string, number>>;
}

const pct = (share: number) => (share >= 10 ? `${Math.round(share).toLocaleString("en")}×` : `${Math.round(share * 100)}%`);
const usd = (v: number) => `$${v.toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const num = (v: number, digits = 1) => (Math.abs(v) >= 100 ? Math.round(v).toLocaleString("en") : v.toFixed(digits));

/** docs/scale.md's opening table: a month for each size, on the Free and the Paid plans, and what binds first. */
function sizesTable(results: CostResults): string {
  const rows = SIZES.map((size) => {
    const m = monthOf(results.kinds, size.players);
    const free = freeUse(m)[0]!;
    const paid = paidBill(m);
    const first = paid.allowances[0]!;
    const freeText =
      free.share <= 1 ? `$0: fits (${free.limit}: ${pct(free.share)} of it)` : `does not fit: ${free.limit} at ${pct(free.share)}`;
    const paidBinds = first.share <= 1 ? `none (${first.limit}: ${pct(first.share)} used)` : `${first.limit}: ${pct(first.share)}`;
    return [size.name, `${num(m.matches.correspondence, 0)} + ${num(m.matches.live, 0)}`, freeText, usd(paid.usd), paidBinds];
  });
  return markdownTable(
    ["players, a month", "matches (by correspondence + live)", "Free plan", "Paid plan", "binds first on the Paid plan"],
    ["left", "right", "left", "right", "left"],
    rows,
  );
}

/** Each unit a kind's table shows, and its digits per move. */
export const USAGE_ROWS: [string, (u: MatchUsage) => number, number][] = [
  ["Worker requests", (u) => u.workerRequests, 2],
  ["runtime CPU, ms (an upper bound)", (u) => u.cpuMs, 2],
  ["Durable Object requests (billed)", (u) => u.doRequests, 2],
  ["Durable Object duration, GB-s", (u) => u.doGbSeconds, 4],
  ["Durable Object rows written", (u) => u.doRowsWritten, 2],
  ["Durable Object bytes stored", (u) => u.doBytes, 0],
  ["D1 rows read", (u) => u.d1RowsRead, 2],
  ["D1 rows written", (u) => u.d1RowsWritten, 2],
  ["D1 bytes stored", (u) => u.d1Bytes, 0],
  ["queue operations", (u) => u.queueOperations, 2],
  ["deliveries", (u) => u.deliveries, 2],
];

/** Each measured kind, per move and per whole match. */
function kindsTable(results: CostResults): string {
  const kinds = results.kinds;
  const rows = [
    ["moves measured (a whole match)", ...kinds.map((k) => `${k.moves} (${k.movesPerMatch})`)],
    ...USAGE_ROWS.map(([label, f, digits]) => [
      label,
      ...kinds.map((k) => `${num(f(k.perMove), digits)} (${num(f(k.perMatch), digits === 0 ? 0 : 1)})`),
    ]),
    ["drains to D1", ...kinds.map((k) => num(results.drainsPerMove[k.name] ?? 0, 2))],
  ];
  return markdownTable(["per move (per whole match)", ...kinds.map((k) => k.name)], ["left", ...kinds.map(() => "right" as const)], rows);
}

/** An assumption of the capacity table: a D1 query's time on Cloudflare (ms); a database runs one at a time. */
export const QUERY_MS = 1;
/** Cloudflare Queues' limit: messages a second per queue. */
const QUEUE_MESSAGES_PER_SECOND = 5000;

/** Moves a second each shared part takes before it binds, for each kind. */
function capacityTable(results: CostResults): string {
  const each = (perMove: number, capacity: number) => (perMove > 0 ? num(capacity / perMove, 0) : "no limit");
  return markdownTable(
    ["moves a second before it binds", "a log shard (D1, one query at a time)", "the main database", "the queue (5,000 messages a second)"],
    ["left", "right", "right", "right"],
    results.kinds.map((k) => [
      k.name,
      each(k.queries.log, 1000 / QUERY_MS),
      each(k.queries.main, 1000 / QUERY_MS),
      each(k.queueMessages, QUEUE_MESSAGES_PER_SECOND),
    ]),
  );
}

/** The kinds the docs' sentences cite: the realistic ones, and the worst case's two-player HTTP match notified and quiet. */
const NOTIFIED = "2p HTTP";
const QUIET = "2p HTTP quiet";

/**
 * The cost part's figures (bench/figures.ts): docs/scale.md's tables, and
 * each figure its sentences (and other docs') cite, all from `results`.
 */
export function costFigures(results: CostResults): Record<string, string> {
  const kind = (name: string) => {
    const found = results.kinds.find((k) => k.name === name);
    if (!found) throw new Error(`no measured kind ${name}`);
    return found;
  };
  const drains = (name: string) => (results.drainsPerMove[name] ?? 0).toFixed(2);
  const notified = kind(NOTIFIED);
  const club = freeUse(monthOf(results.kinds, SIZES[0].players))[0]!;
  return {
    sizes: sizesTable(results),
    kinds: kindsTable(results),
    capacity: capacityTable(results),
    measured: results.measured,
    clubFreeLimit: `${club.limit}: ${pct(club.share)} of it`,
    notifiedRows: num(notified.perMove.d1RowsWritten, 2),
    notifiedQueueMessages: num(notified.queueMessages, 2),
    notifiedBytes: `${num(notified.perMove.d1Bytes, 0)} bytes`,
    quietRows: num(kind(QUIET).perMove.d1RowsWritten, 2),
    correspondenceBytes: `${num(kind(CORRESPONDENCE).perMove.d1Bytes, 0)} bytes`,
    liveBytes: `${num(kind(LIVE).perMove.d1Bytes, 0)} bytes`,
    drainsCorrespondence: drains(CORRESPONDENCE),
    drainsLive: drains(LIVE),
    drainsNotified: drains(NOTIFIED),
    consumerCpu: `${results.consumerCpuMs.toFixed(1)} ms`,
  };
}

/** What `npm run bench -- floor` measured, kept with its figures (bench/figures/floor.json, `data`). */
export interface FloorResults {
  readonly measured: string;
  readonly kinds: readonly {
    readonly name: string;
    /** The echo floor for the requests or exchanges a move needs, and how many (ms of CPU a move). */
    readonly floorMs: number;
    readonly units: string;
    readonly deployedMs: number;
    readonly ownMs: number;
    readonly parts: readonly (readonly [string, number])[];
  }[];
}

/** The floor part's figures: each transport's CPU a move beside the floor, and its parts, as a table; each transport's ratio. */
export function floorFigures(floor: FloorResults): Record<string, string> {
  const kinds = floor.kinds;
  const ms = (v: number) => `${v.toFixed(3)} ms`;
  const ratio = (k: FloorResults["kinds"][number]) => `${(k.ownMs / k.floorMs).toFixed(2)}x`;
  // Each part where it comes in a move: another kind's own part right after the one it follows there (or first).
  const labels: string[] = [];
  for (const k of kinds)
    for (const [i, [label]] of k.parts.entries())
      if (!labels.includes(label)) labels.splice(i === 0 ? 0 : labels.indexOf(k.parts[i - 1]![0]) + 1, 0, label);
  const rows = [
    ["the floor (echo requests or exchanges a move)", ...kinds.map((k) => `${ms(k.floorMs)} (${k.units})`)],
    ["as deployed, the local D1's SQLite included", ...kinds.map((k) => `${ms(k.deployedMs)}, ${(k.deployedMs / k.floorMs).toFixed(2)}x`)],
    ["**the move's own CPU** (target ≤ 1.3x)", ...kinds.map((k) => `**${ms(k.ownMs)}, ${ratio(k)}**`)],
    ...labels.map((label) => [`…${label}`, ...kinds.map((k) => k.parts.find(([l]) => l === label)).map((p) => (p ? ms(p[1]) : "—"))]),
  ];
  const [http, ws] = kinds;
  return {
    table: markdownTable(["a quiet two-player move", ...kinds.map((k) => k.name)], ["left", ...kinds.map(() => "right" as const)], rows),
    measured: floor.measured,
    ...(http ? { http: ratio(http) } : {}),
    ...(ws ? { ws: ratio(ws) } : {}),
  };
}

/** A month's GB-s from a room's active milliseconds. */
export const gbSeconds = (ms: number) => (ms / 1000) * GB_PER_DURABLE_OBJECT;
