/**
 * One size of `npm run bench -- tournaments` in a process of its own
 * (bench/tournaments.ts starts it, bundled): V8 as workerd sets it up for an
 * isolate — no incremental marking (src/workerd/jsg/setup.c++), so a full
 * collection is one pause on the thread it interrupts, counted in that
 * invocation — and a fresh heap for each size, collected between rounds (a
 * room waits days between them; --expose-gc). Prints its figures as JSON.
 */
import { measureSize } from "./tournaments-run";

const [entries, repeat] = process.argv.slice(2).map(Number);
process.stdout.write(JSON.stringify(await measureSize(entries!, repeat!)));
