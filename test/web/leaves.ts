/** A catalog's texts by their dotted key ("codes.SEEK_FULL"): how the catalogs' tests compare two languages. */

type Tree = { readonly [key: string]: unknown };

export function leaves(tree: Tree, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object") for (const [k, v] of leaves(value as Tree, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}
