// A process's memory from /proc/<pid>/status (Linux): resident set now, and its peak (high-water mark).

export interface Memory {
  rssMb: number
  hwmMb: number
}

import fs from 'node:fs'

export function readMemory(pid: number): Memory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 }
}

/** Samples the resident set every `intervalMs` until stopped; returns the largest sample. */
export function sampleRss(pid: number, intervalMs = 200): { stop(): number } {
  let max = readMemory(pid).rssMb
  const timer = setInterval(() => {
    max = Math.max(max, readMemory(pid).rssMb)
  }, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      return Math.max(max, readMemory(pid).rssMb)
    },
  }
}
