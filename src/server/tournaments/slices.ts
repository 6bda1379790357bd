/**
 * How a round's chores are cut across the tournament room's invocations
 * (chores.ts): tables per invocation for each, so that none passes the Free
 * plan's 10 ms of CPU (`npm run bench -- tournaments` measures a slice), and
 * where each keeps how far it has gone. `tell` counts the entries sitting a
 * round out (byes and forfeits won), not tables. Making a table is the
 * heaviest (its game created, its seats sealed): three a slice leave room under
 * the limit for a garbage collection landing inside one.
 */
export const SLICE = { make: 3, settle: 16, remind: 16, release: 24, tell: 16 } as const;

export type Chore = keyof typeof SLICE;

export const cursor = (chore: Chore, round: number) => `${chore}:${round}`;
