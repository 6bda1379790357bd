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
  /** Each figure as the docs write it ("56.2 KiB"), so that there is one way to write it. */
  readonly values: Readonly<Record<string, string>>;
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
export function saveFigures(part: string, values: Record<string, string>): string[] {
  mkdirSync(DIR, { recursive: true });
  const figures: Figures = { part, measured: new Date().toISOString().slice(0, 10), commit: commitOf(), values };
  writeFileSync(join(DIR, `${part}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  return fillDocs();
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
