/**
 * The cost model of docs/scale.md, from what `npm run bench -- cost`
 * measured (bench/cost.ts writes it to bench/results/cost.json): each kind
 * of match's usage of every billed unit, scaled to a whole match; what a
 * club of 50, a site of 5,000 and one of 500,000 players use in a month; and
 * what that costs on the Free and the Paid plans, with the limit that binds
 * first. Pure functions of the measured figures and of the inputs declared
 * here and in prices.ts: docs/scale.md's tables are rendered by `renderScale`
 * and checked against the JSON by test/shared/scale-doc.test.ts, so none of
 * their figures is typed by hand.
 */
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

const scale = (u: MatchUsage, k: number): MatchUsage =>
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

/** What bench/results/cost.json holds: the measured kinds and the facts docs/scale.md states beside them. */
export interface CostResults {
  /** When and where it was measured. */
  readonly measured: string;
  readonly kinds: readonly Kind[];
  /** The game Worker's script, gzipped, as the bench built it (KiB). */
  readonly workerGzipKiB: number;
  /** The queue consumer's CPU per invocation in the realistic kinds (ms, estimated: their CPU beyond the same moves unnotified). */
  readonly consumerCpuMs: number;
  /** A room's first answer, waking with a whole match in its log, in a warm isolate (ms of CPU: bench/wake.ts). */
  readonly coldAnswerMs: number;
  /** Drains a move in each kind (the room's copy to D1: a drain per turn by correspondence, about one a move live). */
  readonly drainsPerMove: Readonly<Record<string, number>>;
}

const pct = (share: number) => (share >= 10 ? `${Math.round(share).toLocaleString("en")}×` : `${Math.round(share * 100)}%`);
const usd = (v: number) => `$${v.toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const num = (v: number, digits = 1) => (Math.abs(v) >= 100 ? Math.round(v).toLocaleString("en") : v.toFixed(digits));

/** docs/scale.md's opening table: a month for each size, on the Free and the Paid plans, and what binds first. */
export function renderSizes(results: CostResults): string {
  const rows = [
    "| players, a month                      | matches (by correspondence + live) | Free plan                           | Paid plan | binds first on the Paid plan       |",
    "| ------------------------------------- | ---------------------------------: | ----------------------------------- | --------: | ---------------------------------- |",
  ];
  for (const size of SIZES) {
    const m = monthOf(results.kinds, size.players);
    const free = freeUse(m)[0]!;
    const paid = paidBill(m);
    const first = paid.allowances[0]!;
    const freeText =
      free.share <= 1 ? `$0: fits (${free.limit}: ${pct(free.share)} of it)` : `does not fit: ${free.limit} at ${pct(free.share)}`;
    const paidBinds = first.share <= 1 ? `none (${first.limit}: ${pct(first.share)} used)` : `${first.limit}: ${pct(first.share)}`;
    rows.push(
      `| ${size.name} | ${num(m.matches.correspondence)} + ${num(m.matches.live)} | ${freeText} | ${usd(paid.usd)} | ${paidBinds} |`,
    );
  }
  return rows.join("\n");
}

const KIND_ROWS: [string, (u: MatchUsage) => number, number][] = [
  ["Worker requests", (u) => u.workerRequests, 2],
  ["runtime CPU, ms (an upper bound)", (u) => u.cpuMs, 2],
  ["Durable Object requests (billed)", (u) => u.doRequests, 2],
  ["Durable Object duration, GB-s", (u) => u.doGbSeconds, 4],
  ["Durable Object rows written", (u) => u.doRowsWritten, 2],
  ["D1 rows read", (u) => u.d1RowsRead, 2],
  ["D1 rows written", (u) => u.d1RowsWritten, 2],
  ["D1 bytes stored", (u) => u.d1Bytes, 0],
  ["queue operations", (u) => u.queueOperations, 2],
  ["deliveries", (u) => u.deliveries, 2],
];

/** Each measured kind, per move and per whole match. */
export function renderKinds(results: CostResults): string {
  const kinds = results.kinds;
  const head = `| per move (per whole match) | ${kinds.map((k) => k.name).join(" | ")} |`;
  const rule = `| --- | ${kinds.map(() => "---:").join(" | ")} |`;
  const rows = KIND_ROWS.map(
    ([label, f, digits]) =>
      `| ${label} | ${kinds.map((k) => `${num(f(k.perMove), digits)} (${num(f(k.perMatch), digits === 0 ? 0 : 1)})`).join(" | ")} |`,
  );
  const moves = `| moves measured (a whole match) | ${kinds.map((k) => `${k.moves} (${k.movesPerMatch})`).join(" | ")} |`;
  return [head, rule, moves, ...rows].join("\n");
}

/** Facts the text of docs/scale.md states, each from the JSON. */
export function renderFacts(results: CostResults): string {
  const corr = results.kinds.find((k) => k.name === CORRESPONDENCE);
  const live = results.kinds.find((k) => k.name === LIVE);
  return [
    `- the game Worker's script: ${num(results.workerGzipKiB, 0)} KiB gzipped;`,
    `- drains a move: ${Object.entries(results.drainsPerMove)
      .map(([k, v]) => `${k} ${v.toFixed(2)}`)
      .join(", ")};`,
    `- D1 bytes a move: by correspondence ${num(corr?.perMove.d1Bytes ?? 0, 0)}, live ${num(live?.perMove.d1Bytes ?? 0, 0)};`,
    `- the queue consumer's CPU an invocation (realistic kinds, estimated): ${results.consumerCpuMs.toFixed(1)} ms (the Free plan allows 10 ms);`,
    `- a room waking with a whole match in its log, its first answer: ${results.coldAnswerMs.toFixed(2)} ms of CPU;`,
    `- measured ${results.measured}.`,
  ].join("\n");
}

/** An assumption of the capacity block: a D1 query's time on Cloudflare (ms); a database runs one at a time. */
export const QUERY_MS = 1;
/** Cloudflare Queues' limit: messages a second per queue. */
const QUEUE_MESSAGES_PER_SECOND = 5000;

/** Moves a second each shared part takes before it binds, for each kind. */
export function renderCapacity(results: CostResults): string {
  const rows = [
    "| moves a second before it binds | a log shard (D1, one query at a time) | the main database | the queue (5,000 messages a second) |",
    "| --- | ---: | ---: | ---: |",
  ];
  const each = (perMove: number, capacity: number) => (perMove > 0 ? num(capacity / perMove, 0) : "no limit");
  for (const k of results.kinds)
    rows.push(
      `| ${k.name} | ${each(k.queries.log, 1000 / QUERY_MS)} | ${each(k.queries.main, 1000 / QUERY_MS)} | ${each(k.queueMessages, QUEUE_MESSAGES_PER_SECOND)} |`,
    );
  return rows.join("\n");
}

/** What `npm run bench -- floor` keeps (bench/results/floor.json). */
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

/** The floor benchmark's last run: each transport's CPU a move beside the floor, and its parts. */
export function renderFloor(floor: FloorResults): string {
  const kinds = floor.kinds;
  const ms = (v: number) => `${v.toFixed(3)} ms`;
  const rows = [
    `| a quiet two-player move | ${kinds.map((k) => k.name).join(" | ")} |`,
    `| --- | ${kinds.map(() => "---:").join(" | ")} |`,
    `| the floor (echo requests or exchanges a move) | ${kinds.map((k) => `${ms(k.floorMs)} (${k.units})`).join(" | ")} |`,
    `| as deployed, the local D1's SQLite included | ${kinds.map((k) => `${ms(k.deployedMs)}, ${(k.deployedMs / k.floorMs).toFixed(2)}x`).join(" | ")} |`,
    `| **the move's own CPU** (target ≤ 1.3x) | ${kinds.map((k) => `**${ms(k.ownMs)}, ${(k.ownMs / k.floorMs).toFixed(2)}x**`).join(" | ")} |`,
  ];
  const labels = [...new Set(kinds.flatMap((k) => k.parts.map(([label]) => label)))];
  for (const label of labels)
    rows.push(
      `| …${label} | ${kinds.map((k) => (k.parts.find(([l]) => l === label) ? ms(k.parts.find(([l]) => l === label)![1]) : "—")).join(" | ")} |`,
    );
  rows.push(`| measured | ${kinds.map(() => floor.measured).join(" | ")} |`);
  return rows.join("\n");
}

/** Every generated block of docs/scale.md, by its marker's name. */
export function renderScale(results: CostResults, floor: FloorResults): Record<string, string> {
  return {
    sizes: renderSizes(results),
    kinds: renderKinds(results),
    facts: renderFacts(results),
    capacity: renderCapacity(results),
    floor: renderFloor(floor),
  };
}

/** docs/scale.md with each generated block (between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`) replaced. */
export function fillDoc(doc: string, blocks: Record<string, string>): string {
  let out = doc;
  for (const [name, text] of Object.entries(blocks)) {
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const a = out.indexOf(open);
    const b = out.indexOf(close);
    if (a < 0 || b < a) throw new Error(`docs/scale.md has no block ${name}`);
    out = `${out.slice(0, a + open.length)}\n${text}\n${out.slice(b)}`;
  }
  return out;
}

/** A month's GB-s from a room's active milliseconds. */
export const gbSeconds = (ms: number) => (ms / 1000) * GB_PER_DURABLE_OBJECT;
