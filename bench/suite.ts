/**
 * `npm run bench -- suite`: `npm test` timed as a newcomer runs it — lint,
 * type-check, the web client's build, then every vitest project — with the
 * machine's load before and after beside the figure, since the suite's time
 * follows the load more than anything in the tests. Only by hand: it takes
 * minutes and runs the whole suite (never part of `npm run bench`'s default
 * run). The figures go into README.md and docs/testing.md (bench/figures.ts).
 */
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { saveFigures } from "./figures.js";

/** vitest's summary line for `label` ("Test Files", "Tests"): how many passed, with ANSI colours removed. */
function counted(output: string, label: string): number | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest colours its summary with ANSI escapes.
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  const line = plain.split("\n").find((l) => l.trim().startsWith(`${label} `));
  const passed = line?.match(/(\d+) passed/);
  return passed ? Number(passed[1]) : null;
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;

export function suiteBench(): boolean {
  const loadBefore = loadavg()[0]!;
  const started = performance.now();
  const run = spawnSync("npm", ["test"], { encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] });
  const seconds = (performance.now() - started) / 1000;
  const loadAfter = loadavg()[0]!;
  const output = `${run.stdout}\n${run.stderr}`;
  const files = counted(output, "Test Files");
  const tests = counted(output, "Tests");
  console.log(
    `\nnpm test: ${minutes(seconds)} (exit ${run.status}), ${files ?? "?"} files, ${tests ?? "?"} tests, on ${cpus().length} cores at a load of ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after`,
  );
  // A failed run's time says nothing of the suite's: kept only when every test passed.
  if (run.status !== 0 || files === null || tests === null) {
    console.log("not kept: the suite did not pass");
    // What failed, as vitest and the checks printed it (their last lines), since the run's own output is not shown.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest colours its report with ANSI escapes.
    const plain = output.replace(/\u001b\[[0-9;]*m/g, "").split("\n");
    const failed = plain.findIndex((line) => /Failed Tests|FAIL|ERR!|error TS|✖/.test(line));
    console.log(plain.slice(failed >= 0 ? failed : -60, failed >= 0 ? failed + 120 : undefined).join("\n"));
    return false;
  }
  const docs = saveFigures("suite", {
    time: minutes(seconds),
    files: String(files),
    tests: tests.toLocaleString("en"),
    cores: String(cpus().length),
    load: `${loadBefore.toFixed(1)}–${loadAfter.toFixed(1)}`,
  });
  if (docs.length > 0) console.log(`(figures written into ${docs.join(", ")})`);
  return true;
}
