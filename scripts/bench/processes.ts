// The child processes of a benchmark run, killed however the run ends (error, Ctrl-C, normal exit).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import net from 'node:net'

const children = new Set<ChildProcess>()

export function spawnChild(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, options)
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

/** Ends a child and waits for it to be gone (SIGKILL if it ignores SIGTERM for 5 s). */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

function killAll() {
  for (const child of children) child.kill('SIGKILL')
}
process.once('exit', killAll)

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      )
    })
  })
}

/** Resolves when `ready()` does, polling; rejects if the child exits or `timeoutMs` passes. */
export async function waitUntil(
  child: ChildProcess,
  ready: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it was ready`)
    }
    if (await ready().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${what} was not ready after ${timeoutMs / 1000} s`)
}
