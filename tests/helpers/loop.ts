import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

/** The main thread's own CPU time in ms (Linux: /proc's utime + stime of the thread whose id is the pid, in 10 ms ticks). */
function mainThreadCpuMs(): number {
  const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14 and 15 of proc(5) (utime, stime), counted from field 3 (state) here; USER_HZ is 100 on Linux.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface LoopWatch {
  /** Stops watching; returns the longest time the loop did not turn (wall, ms) and the most CPU the main thread spent in one such stretch (ms). */
  stop(): { wallMs: number; cpuMs: number };
}

/**
 * Watches this process's event loop: a timer every `interval` ms notes the wall time and the main thread's CPU
 * time since the last one. A stretch in which the loop did not turn counts by the main thread's CPU in it (`cpuMs`):
 * work that held the loop, which a loaded host does not add to (a thread waiting for a core burns none). The wall
 * time of the longest stretch (`wallMs`, as monitorEventLoopDelay) grows with the host's load instead: at load 13-20 on
 * 2 cores a thread waits 250 ms and more for a core with nothing holding the loop. Linux only (/proc).
 */
export function watchLoop(interval = 10): LoopWatch {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let cpuMax = 0;
  let lastCpu = mainThreadCpuMs();
  const tick = setInterval(() => {
    const cpu = mainThreadCpuMs();
    cpuMax = Math.max(cpuMax, cpu - lastCpu);
    lastCpu = cpu;
  }, interval);
  return {
    stop() {
      clearInterval(tick);
      const cpu = mainThreadCpuMs();
      cpuMax = Math.max(cpuMax, cpu - lastCpu);
      delay.disable();
      return { wallMs: Math.round(delay.max / 1e6), cpuMs: cpuMax };
    },
  };
}
