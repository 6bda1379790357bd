import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  botMove,
  type DealRecord,
  dealFromSeed,
  eventFor,
  type GameView,
  type MeldView,
  type MoveText,
  makeMove,
  makeRecord,
  needsDeal,
  newGame,
  nextDealer,
  PRESETS,
  type RecordFile,
  type RulesInput,
  type SeenEvent,
  seededRandom,
  startHand,
  type TableMeld,
  viewFor,
} from "../../src/engine/index.js";
import { GameRecord } from "../../src/shared/wire/api.js";
import type * as common from "../../src/shared/wire/common.js";
import * as events from "../../src/shared/wire/events.js";
import * as move from "../../src/shared/wire/move.js";
import * as view from "../../src/shared/wire/view.js";
import type { z } from "../../src/shared/wire/z.js";

/**
 * The engine owns its vocabulary (src/engine/types.ts) and imports nothing
 * outside src/engine; the wire's schemas say the same thing in zod. These
 * checks keep the two from drifting: at type level (tsc fails on a
 * difference either way) and at run time (what the engine writes passes the
 * schemas that check it at the edge).
 */

/** true only when each type is assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(): T => true as T;

same<Same<z.infer<typeof common.MeldView>, MeldView>>();
same<Same<z.infer<typeof common.TableMeld>, TableMeld>>();
same<Same<z.infer<typeof common.DealRecord>, DealRecord>>();
same<Same<z.infer<typeof common.RulesInput>, RulesInput>>();
same<Same<z.infer<typeof move.Move>, MoveText>>();
same<Same<z.infer<typeof view.GameView>, GameView>>();
same<Same<z.infer<typeof events.SeenEvent>, SeenEvent>>();
// The service's record adds its clock, times and commitments to the engine's.
same<Same<Pick<z.infer<typeof GameRecord>, keyof RecordFile>, RecordFile>>();

describe("the engine's vocabulary", () => {
  it("src/engine imports nothing from outside src/engine", () => {
    const dir = join(import.meta.dirname, "../../src/engine");
    // Every file, in folders too; a relative import must stay inside src/engine, and nothing else is imported.
    const outside = readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .flatMap((file) =>
        [...readFileSync(join(dir, file), "utf8").matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)]
          .map((m) => m[1]!)
          .filter((specifier) => !specifier.startsWith(".") || relative(dir, resolve(dir, dirname(file), specifier)).startsWith(".."))
          .map((specifier) => `${file}: ${specifier}`),
      );
    expect(outside).toEqual([]);
  });

  it("what the engine writes through a whole match passes the wire's schemas", () => {
    const players = 4;
    const rules = PRESETS.chiuso;
    const random = seededRandom("vocabulary");
    let state = newGame(rules, players);
    let checked = 0;
    for (let h = 0; needsDeal(state); h++) {
      const started = startHand(state, dealFromSeed(`vocabulary/${h}`, players, nextDealer(state, 0), rules.jokers));
      if (!started.ok) throw new Error(started.error);
      state = started.value.state;
      let fresh = started.value.events;
      while (true) {
        for (const viewer of [null, 0, 1, 2, 3]) {
          view.GameView.parse(viewFor(state, viewer));
          for (const event of fresh) {
            const seen = eventFor(event, viewer, rules);
            if (seen) events.SeenEvent.parse(seen);
            checked++;
          }
        }
        if (state.hand!.end) break;
        const played = botMove(state, random);
        move.Move.parse(makeMove(played.move));
        state = played.outcome.state;
        fresh = played.outcome.events;
      }
      if (h > 3) break;
    }
    GameRecord.parse(makeRecord(state, { names: ["A", "B", "C", "D"] }));
    expect(checked).toBeGreaterThan(100);
  });
});
