/**
 * CPU time of the Workers runtime (workerd) processes this benchmark
 * started, read from /proc (Linux): what the service itself spent, apart
 * from the clients that load it from the same machine.
 */
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function statOf(pid: number): { name: string; ppid: number; cpu: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const name = text.slice(text.indexOf("(") + 1, text.lastIndexOf(")"));
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // Fields after the name: state(0) ppid(1) … utime(11) stime(12)
    return { name, ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** Seconds of CPU used so far by the workerd processes descended from this one. */
export function runtimeCpuSeconds(root = process.pid): number {
  const all = new Map<number, { name: string; ppid: number; cpu: number }>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = statOf(pid);
    if (stat) all.set(pid, stat);
  }
  const descends = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; hops++) {
      if (p === root) return true;
      p = all.get(p)?.ppid ?? 0;
    }
    return false;
  };
  let total = 0;
  for (const [pid, stat] of all) if (stat.name.startsWith("workerd") && descends(pid)) total += stat.cpu;
  return total;
}

/**
 * CPU milliseconds used so far, two ways. `process`: every thread of this
 * process, V8's helpers included (it compiles hot functions and shares the
 * garbage collector's work on background threads), so it errs high.
 * `thread`: the calling thread's alone, which is what the Workers runtime
 * charges an invocation (it reads the isolate thread's CPU time before and
 * after running it; docs/computer-players.md).
 *
 * Linux brings a running thread's own CPU time up to date only at the
 * scheduler's tick or a switch, so `process.threadCpuUsage()` alone lags by
 * up to a tick (a 0.7 ms job read as 0.002 ms); reading the process's time
 * first makes the kernel account the caller's pending time, and the
 * thread's figure is then exact to the microsecond.
 */
export function cpuNow(): { process: number; thread: number; kernel: number } {
  const all = process.cpuUsage();
  const own = process.threadCpuUsage();
  // `kernel`: the thread's system time, within `thread` (page faults on memory the heap takes fresh, for one).
  return { process: (all.user + all.system) / 1000, thread: (own.user + own.system) / 1000, kernel: own.system / 1000 };
}

/**
 * Seconds of CPU used by this process's children that have ended and been waited for, and theirs in turn
 * (/proc/self/stat: cutime and cstime): a whole `npm test` run's CPU once it returns, every runtime and browser it
 * started included, as long as each was waited for by its parent.
 */
export function endedChildrenCpuSeconds(): number {
  const text = readFileSync("/proc/self/stat", "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // Fields after the name: … cutime(13) cstime(14)
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

/** A count of the CPU a run uses from now on, this process's and every process it starts. */
export interface CpuCount {
  /** Seconds of CPU so far. */
  read(): number;
  /** How it counts (for the figures' reader). */
  readonly how: string;
  close(): void;
}

const CPUACCT = "/sys/fs/cgroup/cpuacct";

/**
 * Counts the CPU of this process and everything it starts: in a cpuacct control group of its own where the machine
 * lets one be made (every process counted, even one its parent never waited for), else from the ended children's
 * CPU (`endedChildrenCpuSeconds`: a process orphaned before its end is missed, so the count is at least that).
 */
export function countCpu(): CpuCount {
  const group = `${CPUACCT}/burraco-bench-${process.pid}`;
  try {
    // The group this process was in (cgroup v1: "N:cpu,cpuacct:/path" or "N:cpuacct:/path"), to go back to after.
    const line = readFileSync("/proc/self/cgroup", "utf8")
      .split("\n")
      .find((l) => l.split(":")[1]?.split(",").includes("cpuacct"));
    const home = `${CPUACCT}${line?.split(":")[2] ?? "/"}`.replace(/\/$/, "");
    mkdirSync(group);
    writeFileSync(`${group}/cgroup.procs`, String(process.pid));
    const usage = () => Number(readFileSync(`${group}/cpuacct.usage`, "utf8")) / 1e9;
    const from = usage();
    return {
      read: () => usage() - from,
      how: "a control group's",
      close() {
        writeFileSync(`${home}/cgroup.procs`, String(process.pid));
        // A process the run left behind (a test's server still exiting) keeps the group busy a while: wait for
        // it, then leave the group to the machine rather than lose the run's report.
        for (let tries = 0; ; tries++) {
          try {
            rmdirSync(group);
            return;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "EBUSY") throw error;
            if (tries >= 50) {
              console.warn(`(${group} still holds a process the run left behind: left in place)`);
              return;
            }
            Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
          }
        }
      },
    };
  } catch {
    const from = endedChildrenCpuSeconds();
    return { read: () => endedChildrenCpuSeconds() - from, how: "the ended processes', at least", close() {} };
  }
}
