import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The import graph of the source tree, read from the text: every `import`
 * and `export … from`, on one line or over several, static or dynamic
 * (`import("…")`), types included. An edge remembers whether it carries
 * only types (`import type`, or braces whose every name is `type X`), so a
 * rule can be about what runs or about what a module knows. Written by
 * hand: the compiler (TypeScript 7) no longer has a JavaScript API to ask,
 * and reading specifiers is all a layer rule needs.
 */

export const root = join(import.meta.dirname, "../..");

export interface Edge {
  /** The imported module: a path from the repository's root, or the package's name. */
  readonly to: string;
  readonly typeOnly: boolean;
  readonly dynamic: boolean;
}

export type Graph = ReadonlyMap<string, readonly Edge[]>;

/** Every TypeScript file below `dir`, as a path from the repository's root. */
export function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => join(dir, file));
}

/** The text with its comments blanked, so that an import written in a comment is not one. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

const IMPORT =
  /\b(?:import|export)\s+(type\s+)?([^;]*?)\s*\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|\bimport\s+["']([^"']+)["']/g;

/** A relative specifier as a path from the root (`.js` written for `.ts`, a folder for its index.ts); a package's name as is. */
function target(from: string, spec: string): string {
  if (!spec.startsWith(".")) return spec;
  const path = relative(root, resolve(join(root, dirname(from)), spec.replace(/\.js$/, "")));
  if (path.endsWith(".ts")) return path;
  return existsSync(join(root, `${path}.ts`)) ? `${path}.ts` : join(path, "index.ts");
}

/** Whether an import's named part carries only types: `{ type A, type B }`. */
function onlyTypes(names: string): boolean {
  const inner = names.trim();
  if (!inner.startsWith("{") || !inner.endsWith("}")) return false;
  const parts = inner
    .slice(1, -1)
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((p) => p.startsWith("type "));
}

export function importsOf(file: string): Edge[] {
  const edges: Edge[] = [];
  for (const m of code(readFileSync(join(root, file), "utf8")).matchAll(IMPORT)) {
    const spec = m[3] ?? m[4] ?? m[5]!;
    edges.push({
      to: target(file, spec),
      typeOnly: m[1] !== undefined || (m[2] !== undefined && onlyTypes(m[2])),
      dynamic: m[4] !== undefined,
    });
  }
  return edges;
}

export function graphOf(files: readonly string[]): Graph {
  return new Map(files.map((file) => [file, importsOf(file)]));
}

/** The cycles of the graph (its strongly connected components of more than one module), over the edges `follow` keeps. */
export function cycles(graph: Graph, follow: (edge: Edge) => boolean = () => true): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const edge of graph.get(v) ?? []) {
      if (!follow(edge) || !graph.has(edge.to)) continue;
      if (!index.has(edge.to)) {
        visit(edge.to);
        low.set(v, Math.min(low.get(v)!, low.get(edge.to)!));
      } else if (onStack.has(edge.to)) low.set(v, Math.min(low.get(v)!, index.get(edge.to)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Every module `file` reaches through its imports (types included), with the first path found to each, for a failure's message. */
export function reach(graph: Graph, file: string): Map<string, string[]> {
  const paths = new Map<string, string[]>([[file, [file]]]);
  const queue = [file];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const edge of graph.get(at) ?? []) {
      if (paths.has(edge.to)) continue;
      paths.set(edge.to, [...paths.get(at)!, edge.to]);
      if (graph.has(edge.to)) queue.push(edge.to);
    }
  }
  paths.delete(file);
  return paths;
}
