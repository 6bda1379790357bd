import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The figures the docs cite come from the bench, never from a hand: a bench
 * part keeps what it measured in `bench/figures/<part>.json` (committed,
 * with the day and the commit it measured), and writes it into every doc
 * that cites it, where a doc says `<!-- figure part.name -->…<!-- /figure -->`.
 * `test/shared/figures.test.ts` fails when a doc's figure is not the
 * file's, and, for the figures cheap enough to measure again (the web
 * client's sizes), when the file's is not what the code measures now.
 * Plain Node (no type beyond what Node strips), so that the scripts in
 * scripts/ can import it too.
 */

export const root = join(import.meta.dirname, "..");
const DIR = join(root, "bench/figures");

export interface Figures {
  readonly part: string;
  /** The day it was measured (UTC), and the commit measured (with "+" when the tree had changes beside it). */
  readonly measured: string;
  readonly commit: string;
  /** Each figure as the docs write it ("56.2 KiB", or a whole table: `markdownTable`), so that there is one way to write it. */
  readonly values: Readonly<Record<string, string>>;
  /** For a part whose figures are a model of what it measured (the cost model): the measurements, to compute them again. */
  readonly data?: unknown;
}

function commitOf(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "src", "web", "bench", "scripts"], {
      cwd: root,
      encoding: "utf8",
    }).trim();
    return dirty ? `${head}+` : head;
  } catch {
    return "unknown";
  }
}

export function readFigures(part: string): Figures | null {
  try {
    return JSON.parse(readFileSync(join(DIR, `${part}.json`), "utf8")) as Figures;
  } catch {
    return null;
  }
}

/** Keeps a part's figures and writes them into the docs that cite them; returns the docs it changed. */
export function saveFigures(part: string, values: Record<string, string>, data?: unknown): string[] {
  mkdirSync(DIR, { recursive: true });
  const figures: Figures = {
    part,
    measured: new Date().toISOString().slice(0, 10),
    commit: commitOf(),
    values,
    ...(data === undefined ? {} : { data }),
  };
  writeFileSync(join(DIR, `${part}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  return fillDocs();
}

/**
 * A figure that is a whole table: its own lines between the markers, laid
 * out as the repository's formatter (biome) lays out Markdown tables —
 * each column as wide as its widest cell (at least 3), right-aligned
 * columns padded on the left — so that formatting the doc changes nothing.
 */
export function markdownTable(head: readonly string[], align: readonly ("left" | "right")[], rows: readonly (readonly string[])[]): string {
  const all = [head, ...rows];
  const width = head.map((_, i) => Math.max(3, ...all.map((r) => [...(r[i] ?? "")].length)));
  const pad = (cell: string, i: number) => {
    const gap = " ".repeat(width[i]! - [...cell].length);
    return align[i] === "right" ? gap + cell : cell + gap;
  };
  const line = (cells: readonly string[]) => `| ${cells.map(pad).join(" | ")} |`;
  const rule = `| ${width.map((w, i) => (align[i] === "right" ? `${"-".repeat(w - 1)}:` : "-".repeat(w))).join(" | ")} |`;
  return `\n${[line(head), rule, ...rows.map(line)].join("\n")}\n`;
}

/** `<!-- figure part.name -->text<!-- /figure -->`, the text being the figure. */
export const FIGURE = /<!-- figure ([\w-]+)\.([\w-]+) -->([^<]*)<!-- \/figure -->/g;

/** The markdown files that may cite figures: the README and docs/. */
export function citingFiles(): string[] {
  return [
    "README.md",
    ...readdirSync(join(root, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `docs/${f}`),
  ];
}

/** Writes every cited figure that a figures file holds into its doc; returns the docs changed. */
export function fillDocs(): string[] {
  const changed: string[] = [];
  for (const file of citingFiles()) {
    const path = join(root, file);
    const text = readFileSync(path, "utf8");
    const next = text.replace(FIGURE, (whole, part: string, name: string) => {
      const value = readFigures(part)?.values[name];
      return value === undefined ? whole : `<!-- figure ${part}.${name} -->${value}<!-- /figure -->`;
    });
    if (next !== text) {
      writeFileSync(path, next);
      changed.push(file);
    }
  }
  return changed;
}
