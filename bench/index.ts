/**
 * `npm run bench`: the engine's figures (and, once it exists, the load test
 * of the local service). `npm run bench -- engine` runs one part.
 */
import { engineBench, printRows } from "./engine.js";

const only = process.argv[2];
if (!only || only === "engine") printRows("Rules engine (one core, median of several runs)", engineBench());
