// The one way tests, the benchmark, the soak and the Lighthouse script run a real server process:
// the server's source through tsx, the build (dist/server/main.js) or another build, on a free port,
// stopped with real signals. (Run directly by node, not through npx, so a signal reaches the server.)
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { openAppContext, type AppContext } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { freePort, spawnChild } from './child-processes'

const repoRoot = path.resolve(import.meta.dirname, '../..')

/** The caller's own settings (a DATABASE_URL, a PORT) must not reach the server under test. */
export function withoutAppVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  const names = [
    'PORT',
    'HOST',
    'DATABASE_URL',
    'DATA_DIR',
    'GEOCODER',
    'STORAGE',
    'AUTH_SECRET',
    'TRUST_PROXY',
  ]
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !names.includes(entry[0]),
    ),
  )
}

/** npm itself may warn about the machine's npmrc (`nodedir`); those lines are not the server's. */
export function serverLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() !== '' && !line.includes('nodedir'))
}

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ServerProcess {
  /** http://127.0.0.1:{port} */
  url: string
  child: ChildProcess
  stdout(): string
  stderr(): string
  /** Settles when the process has ended. */
  exited: Promise<Exit>
  /** Sends the signal (SIGTERM by default) and waits for the end; SIGKILL if it lingers. */
  stop(signal?: NodeJS.Signals): Promise<Exit>
}

/**
 * How production starts node (`npm start`, docs/deployment.md): a heap limit of 1 GiB, far above
 * the server's live heap, also makes V8 let its heap grow less between collections
 * (docs/decisions/054-server-heap-limit.md).
 */
export const serverNodeFlags = ['--max-old-space-size=1024']

/** The server's own TypeScript through tsx, what `npm run build` made of it, or another build. */
export type ServerEntry = 'source' | 'built' | { file: string }

export interface ServerOptions {
  entry?: ServerEntry
  /** Also append the server's output to this file, to read after the run. */
  logFile?: string
  /** The port to listen on (a restarted cluster server keeps its own); a free one otherwise. */
  port?: number
}

const entryArguments = (entry: ServerEntry): string[] => {
  if (entry === 'source') return ['--import', 'tsx', 'src/server/main.ts']
  const file = entry === 'built' ? path.join(repoRoot, 'dist/server/main.js') : entry.file
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build`)
  return [file]
}

/** Longer than the server's own drain deadline, so a SIGTERM drain is never cut short. */
const lingerMs = 15_000

/**
 * Spawns the server with `env` and returns at once, whether it comes to listen or not: for a start
 * that is meant to fail. `startServer` waits until it listens.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: ServerOptions = {},
): Promise<ServerProcess> {
  const args = [...serverNodeFlags, ...entryArguments(options.entry ?? 'source')]
  const port = options.port ?? (await freePort())
  const child = spawnChild(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...withoutAppVariables(process.env),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log = options.logFile ? fs.createWriteStream(options.logFile, { flags: 'a' }) : undefined
  let stdout = ''
  let stderr = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    log?.write(chunk)
  })
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
    log?.write(chunk)
  })
  const exited = new Promise<Exit>((resolve) => {
    child.once('close', (code, signal) => {
      log?.end()
      resolve({ code, signal })
    })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return exited
      child.kill(signal)
      const timer = setTimeout(() => child.kill('SIGKILL'), lingerMs)
      try {
        return await exited
      } finally {
        clearTimeout(timer)
      }
    },
  }
}

/** Starts the server and resolves once it listens; rejects if it ends first or never listens. */
export async function startServer(
  env: Record<string, string>,
  options: ServerOptions = {},
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const server = await spawnServer(env, options)
  const listening = new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (!server.stdout().includes(' is running at ')) return
      server.child.stdout!.off('data', onData)
      resolve()
    }
    server.child.stdout!.on('data', onData)
    void server.exited.then((exit) =>
      reject(
        new Error(
          `The server ended before listening (${JSON.stringify(exit)}):\n${server.stderr()}`,
        ),
      ),
    )
  })
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The server was not listening after ${timeoutMs / 1000} s`)),
      timeoutMs,
    )
  })
  try {
    await Promise.race([listening, late])
  } catch (error) {
    await server.stop('SIGKILL')
    throw error
  } finally {
    clearTimeout(timer)
  }
  return server
}

/** The environment every fault test's server and its in-process helpers share. */
export function serverEnv(dataDir: string, databaseUrl?: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    AUTH_SECRET: 'fault-test-secret-that-is-long-enough-0123',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
}

/**
 * Opens the database the server will use (same env) and runs `action` on it in this process,
 * then closes it: for making users and sessions without the sign-in form's rate limit.
 */
export async function withAppContext<T>(
  env: Record<string, string>,
  action: (context: AppContext) => Promise<T>,
): Promise<T> {
  const context = await openAppContext(loadConfig({ ...env, SEED_DEMO: 'false' }))
  try {
    return await action(context)
  } finally {
    await context.db.close()
  }
}
