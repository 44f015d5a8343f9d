// Where the machine's processor time goes during a run: the seconds each process spent on a core,
// read from /proc (user plus system time), and the whole machine's busy seconds.
import fs from 'node:fs'

/** Linux counts /proc times in clock ticks of 1/100 s on every platform Node runs on. */
const ticksPerSecond = 100

/** The processor seconds `pid` has used so far; 0 once it is gone. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
  } catch {
    return 0
  }
}

/** The seconds all cores together have been busy since boot (everything but idle and iowait). */
export function machineBusySeconds(): number {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number)
  return (user! + nice! + system! + irq! + softirq! + steal!) / ticksPerSecond
}
