import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replayText } from "../../src/engine/index.js";
import { mismatches } from "./expected.js";

const ROOT = join(import.meta.dirname, "..", "records");

function expectations(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? expectations(join(dir, entry.name)) : entry.name.endsWith(".expected.json") ? [join(dir, entry.name)] : [],
  );
}

describe("records replay to their expected output", () => {
  it.each(expectations(ROOT).map((path) => [path.slice(ROOT.length + 1), path]))("%s", (_name, path) => {
    const expected = JSON.parse(readFileSync(path, "utf8"));
    const { status, output } = replayText(readFileSync(path.replace(".expected.json", ".json"), "utf8"));
    expect(status).toBe(expected.exit ?? 0);
    if (expected.error) expect((output as { error: { code: string } }).error.code).toBe(expected.error);
    expect(mismatches(expected, output as Record<string, unknown>)).toEqual([]);
  });
});

describe("the replay command", () => {
  const replay = (file: string) => {
    try {
      return { status: 0, stdout: execFileSync("npm", ["run", "--silent", "replay", "--", file], { encoding: "utf8" }) };
    } catch (e) {
      const failed = e as { status: number; stdout: string };
      return { status: failed.status, stdout: failed.stdout };
    }
  };

  it("prints exactly one JSON document and exits 0", () => {
    const file = join(ROOT, "examples", "03-close.json");
    const { status, stdout } = replay(file);
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toEqual(replayText(readFileSync(file, "utf8")).output);
  });

  it("refuses a malformed record with exit status 2 and BAD_RECORD", () => {
    const { status, stdout } = replay(join(ROOT, "90-bad-json.json"));
    expect(status).toBe(2);
    expect(JSON.parse(stdout).error.code).toBe("BAD_RECORD");
  });
});
