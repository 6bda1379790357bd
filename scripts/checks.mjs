/**
 * `npm test`'s checks before the tests: lint (Biome, and the generated Env
 * type up to date), type-check and build the web client, at once rather than
 * one after another (each is a process of its own, mostly waiting on one
 * core). Each one's output is printed whole when it ends; the first failure
 * fails the run, after all have ended.
 */
import { spawn } from "node:child_process";

const CHECKS = ["lint", "typecheck", "build:web"];

function run(script) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      process.stdout.write(`> npm run ${script}: ${code === 0 ? "ok" : `failed (${code})`}\n${code === 0 ? "" : output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
