import { describe, expect, it } from "vitest";
import {
  budgetOf,
  CLUB_THREE,
  chooseMove,
  Decision,
  EXPERT_CLOSED,
  EXPERT_DEEP,
  EXPERT_DEFAULT,
  expertBudget,
  type Meter,
  type SearchBudget,
} from "../../src/bots/index.js";
import { EXPERT_STYLE, expertStyleFor } from "../../src/bots/search.js";
import {
  dealFromSeed,
  type GameEvent,
  type GameState,
  newGame,
  type PlayerCount,
  PRESETS,
  type PresetName,
  seededRandom,
  startHand,
} from "../../src/engine/index.js";
import {
  canDecide,
  computerMoves,
  INVOCATION_STEPS,
  JUDGEMENT_STEPS,
  newWork,
  ROLLOUT_STEPS,
  Thoughts,
  type Work,
} from "../../src/server/room/computer.js";
import { newDriver, playHand } from "./driver.js";

/**
 * The expert's CPU is bounded by counting its work, never by a clock: every
 * move it tries on the engine, in its judgement and in its look-ahead,
 * counts one (Meter). A decision stops dealing before it passes
 * `EXPERT_DEFAULT.steps` and cuts its look-ahead at twice that, so whole
 * turns stay within a fixed amount of work on any machine (about 2.5 µs a
 * counted move at the median on the loaded machine it was measured on, all
 * the rest of the decision included: docs/computer-players.md).
 */
const budgetAt = (preset: PresetName, players: PlayerCount) => expertBudget({ rules: PRESETS[preset], players });
const decisionMost = (preset: PresetName, players: PlayerCount) => 2 * budgetAt(preset, players).steps + JUDGEMENT_STEPS;

describe("the expert's work per decision and per turn", () => {
  it.each([
    ["classic", 2],
    ["chiuso", 2],
    ["aperto", 4],
    ["fibur", 3],
    ["chiuso-stcl", 4],
    ["chiuso-sporco", 3],
  ] as [PresetName, PlayerCount][])("%s with %i players: counted, bounded, and the same on every run", (preset, players) => {
    const decisions: number[] = [];
    const turns = new Map<number, number>();
    let turn = 0;
    const d = newDriver(PRESETS[preset], players);
    const expert = {
      level: "expert",
      choose: (input: Parameters<typeof chooseMove>[1], seed: string, meter: Meter) => {
        const move = chooseMove("expert", input, seed, { meter });
        // The count is part of the decision's determinism: the same input, the same work.
        const again: Meter = { steps: 0 };
        expect(chooseMove("expert", input, seed, { meter: again })).toEqual(move);
        expect(again.steps).toBe(meter.steps);
        decisions.push(meter.steps);
        if (input.view.hand!.phase === "take") turn++;
        turns.set(turn, (turns.get(turn) ?? 0) + meter.steps);
        return move;
      },
    };
    playHand(
      d,
      Array.from({ length: players }, () => expert),
      `budget ${preset} ${players}`,
      0,
    );
    expect(decisions.length).toBeGreaterThan(20);
    // It does search (the count is not trivially small)…
    expect(Math.max(...decisions)).toBeGreaterThan(budgetAt(preset, players).steps / 2);
    // …within its bound per decision and per turn.
    expect(Math.max(...decisions)).toBeLessThanOrEqual(decisionMost(preset, players));
    expect(Math.max(...turns.values())).toBeLessThanOrEqual(2 * decisionMost(preset, players));
  });

  it("stops dealing once the decision's work is spent, whatever the number of deals allowed", () => {
    const d = newDriver(PRESETS.classic, 2);
    const counts: number[] = [];
    const expert = {
      level: "expert",
      choose: (input: Parameters<typeof chooseMove>[1], seed: string, meter: Meter) => {
        const move = chooseMove("expert", input, seed, { meter, search: { iterations: 1000, turns: 1e9, steps: 300 } });
        counts.push(meter.steps);
        return move;
      },
    };
    playHand(d, [expert, expert], "budget many deals", 1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(2 * 300 + 200);
  });
});

/**
 * The room plays a computer's turn over several invocations of its alarm (src/server/room/computer.ts), each within
 * INVOCATION_STEPS of counted work (passed by at most one rollout): a decision is started only while its judgement
 * still fits, and a search not finished when the work is spent goes on in the next invocation.
 */
/** The expert's deep thinking (EXPERT_DEEP) at a table where it thinks less. */
const THINKS_MORE: Partial<SearchBudget> = { ...EXPERT_DEEP };

describe("the work per invocation of the room", () => {
  it.each([
    ["classic", 2, "expert", {}],
    ["chiuso-sporco", 3, "expert", {}],
    ["fibur", 4, "expert", {}],
    ["chiuso", 3, "expert", {}],
    ["chiuso-sporco", 4, "expert", {}],
    ["aperto", 4, "expert", THINKS_MORE],
    ["aperto", 2, "club", {}],
    ["chiuso-sporco", 3, "club", {}],
    ["chiuso", 4, "beginner", {}],
  ] as [PresetName, PlayerCount, "expert" | "club" | "beginner", Partial<SearchBudget>][])(
    "%s with %i players, %s (search over the table's budget: %o): every invocation within its counted budget, and the turn the one played in one go",
    (preset, players, level, search) => {
      const seed = `invocations ${preset} ${players}`;
      const game = newGame(PRESETS[preset], players);
      const started = startHand(game, dealFromSeed(seed, players, 0, game.rules.jokers));
      if (!started.ok) throw new Error(started.error);
      let state: GameState = started.value.state;
      const events: GameEvent[] = [...started.value.events];
      let version = 0;
      const invocations: number[] = [];
      const spread: number[] = [];
      const decisions: Decision[] = [];
      const thoughts = new Thoughts();
      const decide = (lvl: typeof level, input: Parameters<typeof chooseMove>[1], s: string, meter: Meter) => {
        const decision = new Decision(lvl, input, s, { meter, search });
        decisions.push(decision);
        return decision;
      };
      while (!state.hand!.end) {
        const seat = state.hand!.turn;
        const before = { state, events: events.slice(), version };
        const turn: unknown[] = [];
        let count = 0;
        while (!state.hand!.end && state.hand!.turn === seat) {
          const work = newWork();
          const at = version;
          const moves = computerMoves(state, events, level, (i) => `${seed}/${at + i}`, work, thoughts, decide);
          // Counted, within the budget; and each invocation either played or thought on (never nothing).
          expect(work.steps).toBeLessThanOrEqual(INVOCATION_STEPS + ROLLOUT_STEPS);
          expect(moves.length > 0 || (work.thinking === true && work.steps > 0)).toBe(true);
          for (const m of moves) events.push(...m.outcome.events);
          state = moves.at(-1)?.outcome.state ?? state;
          version += moves.length;
          turn.push(...moves.map((m) => m.move));
          // It stopped short of the turn's end only in the middle of a decision, or because the next could not have fitted.
          if (!state.hand!.end && state.hand!.turn === seat) expect(work.thinking || !canDecide(work)).toBe(true);
          invocations.push(work.steps);
          count++;
        }
        spread.push(count);
        // Spread over invocations or not, the turn is the one a single invocation with no limit plays.
        const unlimited: Work = { steps: -Number.MAX_SAFE_INTEGER, moves: 0 };
        const once = computerMoves(
          before.state,
          before.events,
          level,
          (i) => `${seed}/${before.version + i}`,
          unlimited,
          new Thoughts(),
          (lvl, input, s, meter) => new Decision(lvl, input, s, { meter, search }),
        );
        expect(turn).toEqual(once.map((m) => m.move));
      }
      expect(invocations.length).toBeGreaterThan(10);
      const table = budgetOf(level, { rules: PRESETS[preset], players });
      const budget = table && { ...table, ...search };
      const most = budget ? 2 * budget.steps + JUDGEMENT_STEPS : JUDGEMENT_STEPS;
      for (const d of decisions) expect(d.steps).toBeLessThanOrEqual(most);
      if (budget) {
        // It searches (its take, its discard, when judgement has a close choice)…
        expect(Math.max(...decisions.map((d) => d.steps))).toBeGreaterThan(budget.steps / 2);
        if (level === "expert") expect(Math.max(...invocations)).toBeGreaterThan(INVOCATION_STEPS / 2);
        // …and where it thinks more than an invocation's work, many of its turns, and decisions, span several.
        if (budget.steps > EXPERT_DEFAULT.steps) {
          expect(spread.filter((n) => n > 1).length).toBeGreaterThan(spread.length / 5);
          expect(decisions.filter((d) => d.steps > INVOCATION_STEPS + ROLLOUT_STEPS).length).toBeGreaterThan(5);
        }
      } else {
        // Decisions on judgement alone are cheap: a turn in one invocation.
        expect(spread.every((n) => n === 1)).toBe(true);
      }
    },
  );
});

describe("how much each level thinks, and how", () => {
  it("the expert's style reads the rules: where the pile is closed and any burraco closes, a dirty burraco's wild waits for a meld of five with three players, and a way out may spend four wilds with partners", () => {
    for (const preset of Object.keys(PRESETS) as PresetName[]) {
      for (const players of [2, 3, 4] as PlayerCount[]) {
        const rules = PRESETS[preset];
        const closedAny = rules.discardPile === "closed" && rules.closeRequires === "any";
        const expected =
          closedAny && players === 3
            ? { ...EXPERT_STYLE, buildWildFrom: 5 }
            : closedAny && players === 4
              ? { ...EXPERT_STYLE, exitWilds: 4 }
              : EXPERT_STYLE;
        expect(expertStyleFor({ rules, players }), `${preset} ${players}`).toEqual(expected);
      }
    }
    expect([EXPERT_STYLE.buildWildFrom, EXPERT_STYLE.exitWilds]).toEqual([4, 3]);
  });

  it("the expert thinks more with three players, and more again with three or four at a closed pile, whatever the preset's name", () => {
    for (const preset of Object.keys(PRESETS) as PresetName[]) {
      for (const players of [2, 3, 4] as PlayerCount[]) {
        const rules = PRESETS[preset];
        const expected = players > 2 && rules.discardPile === "closed" ? EXPERT_CLOSED : players === 3 ? EXPERT_DEEP : EXPERT_DEFAULT;
        expect(budgetOf("expert", { rules, players }), `${preset} ${players}`).toBe(expected);
      }
    }
    expect(EXPERT_DEEP.steps).toBe(5 * EXPERT_DEFAULT.steps);
    expect(EXPERT_CLOSED.steps).toBe(2 * EXPERT_DEEP.steps);
    expect(EXPERT_CLOSED.horizon).toBe(EXPERT_DEEP.horizon);
  });

  it("the club thinks at a closed pile with three players only, and less than the expert there; the beginner never", () => {
    for (const preset of Object.keys(PRESETS) as PresetName[]) {
      for (const players of [2, 3, 4] as PlayerCount[]) {
        const rules = PRESETS[preset];
        const club = budgetOf("club", { rules, players });
        expect(club).toBe(players === 3 && rules.discardPile === "closed" ? CLUB_THREE : null);
        if (club) expect(club.steps).toBeLessThan(budgetOf("expert", { rules, players })!.steps);
        expect(budgetOf("beginner", { rules, players })).toBeNull();
        expect(budgetOf("expert", { rules, players })).toBe(expertBudget({ rules, players }));
      }
    }
  });
});

/**
 * A decision thought over several calls (the room's invocations) is the decision made in one go: the same move
 * and the same work, however the work is split, at every budget.
 */
describe("a decision over several calls", () => {
  it.each([
    ["chiuso", 3, {}],
    ["classic", 2, {}],
    ["chiuso-sporco", 4, {}],
    ["chiuso-stcl", 3, {}],
    ["classic", 2, THINKS_MORE],
  ] as [PresetName, PlayerCount, object][])(
    "%s with %i players, search over the table's budget %o: the same move in one call or in many",
    (preset, players, search) => {
      const d = newDriver(PRESETS[preset], players);
      let split = 0;
      const expert = {
        level: "expert",
        choose: (input: Parameters<typeof chooseMove>[1], seed: string, meter: Meter) => {
          const once = chooseMove("expert", input, seed, { meter, search });
          // Thought in slices of 1 to 200 counted steps, the slices chosen at random for each decision.
          const random = seededRandom(`${seed}/slices`);
          const thinking = new Decision("expert", input, seed, { search });
          let calls = 0;
          while (!thinking.think(1 + Math.floor(random() * 200))) calls++;
          if (calls > 1) split++;
          expect(thinking.move()).toEqual(once);
          expect(thinking.steps).toBe(meter.steps);
          return once;
        },
      };
      playHand(
        d,
        Array.from({ length: players }, () => expert),
        `split ${preset} ${players}`,
        1,
      );
      expect(split).toBeGreaterThan(5);
    },
  );
});
