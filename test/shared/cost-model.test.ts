import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CostResults, costFigures, type FloorResults, floorFigures, freeUse, monthOf, SIZES } from "../../bench/cost-model";
import { readFigures, root } from "../../bench/figures";

/**
 * docs/scale.md's figures are cited like every figure (test/shared/figures.test.ts
 * checks each against bench/figures/); these are a model of what the bench
 * measured, so the kept figures must also be what the model gives from the
 * kept measurements now: a change to the model, its inputs or its prices
 * (bench/prices.ts) means `npm run bench -- cost doc`.
 */

const cost = readFigures("cost");
const floor = readFigures("floor");

describe("the cost model's figures", () => {
  it("are what bench/cost-model.ts gives from the kept measurements (npm run bench -- cost doc)", () => {
    expect(cost?.data, "bench/figures/cost.json: run `npm run bench -- cost`").toBeDefined();
    expect(cost!.values).toEqual(costFigures(cost!.data as CostResults));
  });

  it("of the floor are what it gives from the floor bench's measurements", () => {
    expect(floor?.data, "bench/figures/floor.json: run `npm run bench -- floor`").toBeDefined();
    expect(floor!.values).toEqual(floorFigures(floor!.data as FloorResults));
  });

  it("open docs/scale.md: each size's month on both plans, and a club fits the Free plan", () => {
    const doc = readFileSync(join(root, "docs/scale.md"), "utf8");
    expect(doc.indexOf("<!-- figure cost.sizes -->")).toBeGreaterThan(0);
    expect(doc.indexOf("<!-- figure cost.sizes -->")).toBeLessThan(doc.indexOf("\n## "));
    for (const size of SIZES) expect(cost!.values.sizes).toContain(size.name);
    expect(freeUse(monthOf((cost!.data as CostResults).kinds, SIZES[0].players))[0]!.share).toBeLessThanOrEqual(1);
  });
});
