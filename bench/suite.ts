/**
 * `npm run bench -- suite`: `npm test` timed as a newcomer runs it — lint,
 * type-check, the web client's build, then every vitest project — with the
 * machine's load before and after beside the figure, since the suite's time
 * follows the load more than anything in the tests. Only by hand: it takes
 * minutes and runs the whole suite (never part of `npm run bench`'s default
 * run). The figures go into README.md and docs/testing.md (bench/figures.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { countCpu } from "./cpu.js";
import { markdownTable, saveFigures } from "./figures.js";

/** vitest's summary line for `label` ("Test Files", "Tests"): how many passed, with ANSI colours removed. */
function counted(output: string, label: string): number | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest colours its summary with ANSI escapes.
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  const line = plain.split("\n").find((l) => l.trim().startsWith(`${label} `));
  const passed = line?.match(/(\d+) passed/);
  return passed ? Number(passed[1]) : null;
}

/** vitest.config.ts's projects by the folders of test/ they run. */
const PROJECTS: readonly [string, readonly string[]][] = [
  ["browser: the web client in Chromium", ["browser"]],
  ["worker, worker-alone: the Worker in the Workers runtime", ["server"]],
  ["e2e: the service started and killed", ["e2e"]],
  ["bots: the computer players", ["bots"]],
  ["engine: the rules, the clock, tournaments' pairings", ["engine", "clock", "tournament"]],
  ["web: the web client's modules, the house's rules and docs", ["web", "shared"]],
];

interface FileResult {
  readonly name: string;
  readonly startTime: number;
  readonly endTime: number;
  readonly assertionResults: readonly unknown[];
}

/** Each project's files, tests and the time its files took (each file's own, summed: files run three at a time). */
function shares(results: readonly FileResult[]): string[][] {
  const total = results.reduce((sum, r) => sum + (r.endTime - r.startTime), 0);
  return PROJECTS.map(([label, folders]) => {
    const mine = results.filter((r) => folders.some((folder) => r.name.includes(`/test/${folder}/`)));
    const ms = mine.reduce((sum, r) => sum + (r.endTime - r.startTime), 0);
    const tests = mine.reduce((sum, r) => sum + r.assertionResults.length, 0);
    return [label, String(mine.length), tests.toLocaleString("en"), minutes(ms / 1000), `${Math.round((100 * ms) / total)}%`];
  });
}

const minutes = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};

export function suiteBench(): boolean {
  const loadBefore = loadavg()[0]!;
  const dir = mkdtempSync(join(tmpdir(), "suite-"));
  const report = join(dir, "vitest.json");
  const cpuCount = countCpu();
  const started = performance.now();
  // `npm test` as a newcomer runs it; the JSON report beside vitest's own is where each file's time is read.
  const run = spawnSync("npm", ["test", "--", "--reporter=default", "--reporter=json", `--outputFile=${report}`], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuCount.read();
  cpuCount.close();
  const loadAfter = loadavg()[0]!;
  const output = `${run.stdout}\n${run.stderr}`;
  const files = counted(output, "Test Files");
  const tests = counted(output, "Tests");
  const cores = cpus().length;
  console.log(
    `\nnpm test: ${minutes(seconds)} (exit ${run.status}), ${files ?? "?"} files, ${tests ?? "?"} tests, ${minutes(cpu)} of CPU by ${cpuCount.how} count (${minutes(cpu / cores)} spread over ${cores} cores), at a load of ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after`,
  );
  // A failed run's time says nothing of the suite's: kept only when every test passed.
  if (run.status !== 0 || files === null || tests === null) {
    console.log("not kept: the suite did not pass");
    // What failed, as vitest and the checks printed it (their last lines), since the run's own output is not shown.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest colours its report with ANSI escapes.
    const plain = output.replace(/\u001b\[[0-9;]*m/g, "").split("\n");
    const failed = plain.findIndex((line) => /Failed Tests|FAIL|ERR!|error TS|✖/.test(line));
    console.log(plain.slice(failed >= 0 ? failed : -60, failed >= 0 ? failed + 120 : undefined).join("\n"));
    rmSync(dir, { recursive: true, force: true });
    return false;
  }
  const results = (JSON.parse(readFileSync(report, "utf8")) as { testResults: FileResult[] }).testResults;
  rmSync(dir, { recursive: true, force: true });
  const table = markdownTable(
    ["project", "files", "tests", "the files' own time, summed", "share"],
    ["left", "right", "right", "right", "right"],
    shares(results),
  );
  console.log(`\n${table}`);
  // The files to look at first when the suite is to get quicker.
  const slowest = [...results].sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime)).slice(0, 12);
  console.log("\nThe slowest files (their own time, in this run):");
  for (const r of slowest)
    console.log(`  ${minutes((r.endTime - r.startTime) / 1000).padStart(6)}  ${r.name.slice(r.name.indexOf("/test/") + 1)}`);
  const docs = saveFigures("suite", {
    time: minutes(seconds),
    files: String(files),
    tests: tests.toLocaleString("en"),
    cores: String(cores),
    load: `${loadBefore.toFixed(1)}–${loadAfter.toFixed(1)}`,
    cpu: minutes(cpu),
    floor: minutes(cpu / cores),
    shares: table,
  });
  if (docs.length > 0) console.log(`(figures written into ${docs.join(", ")})`);
  return true;
}
