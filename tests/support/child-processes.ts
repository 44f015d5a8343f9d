// Child processes of a test run, a benchmark or a soak, killed however the run ends (error,
// Ctrl-C, normal exit), and the free ports they listen on.
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

/** A port nobody listens on right now (the kernel picks it; we release it for the child). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
