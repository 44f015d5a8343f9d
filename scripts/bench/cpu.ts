// The CPU time a process has spent, from Linux's /proc/<pid>/stat: all its threads, and the
// kernel's work on its behalf (sockets included).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

/** The unit of the CPU times in /proc/<pid>/stat. */
const ticksPerSecond =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100

/** User and system CPU seconds the process has used so far. */
export function readCpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Field 2, the command, is in parentheses and may hold spaces: count from after it. utime and
  // stime are fields 14 and 15, so the 12th and 13th after the command.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
}

/**
 * Resolves once `readSeconds` grew by at most one tick over `windowMs`, or after `maxMs`.
 * Autocannon ends a slice by closing its connections; the requests they had in flight still run
 * in the server, and the next slice must neither queue behind them nor be charged their CPU.
 */
export async function waitUntilIdle(
  readSeconds: () => Promise<number>,
  { windowMs = 50, maxMs = 10_000 } = {},
): Promise<void> {
  const deadline = performance.now() + maxMs
  let before = await readSeconds()
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, windowMs))
    const after = await readSeconds()
    if (after - before <= 1 / ticksPerSecond) return
    before = after
  }
}
