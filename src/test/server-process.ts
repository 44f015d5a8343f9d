// A real server process for the fault and soak tests: `node --import tsx src/server/main.ts` (or the
// build, dist/server/main.js) on a free port, stopped with real signals. (Run directly by node, not
// through npx, so a signal reaches the server.)
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { openAppContext, type AppContext } from '../server/app'
import { loadConfig } from '../server/config'

const repoRoot = path.resolve(import.meta.dirname, '../..')

/** The test run's own settings (a DATABASE_URL, a PORT) must not reach the server under test. */
export function withoutAppVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  const names = ['PORT', 'HOST', 'DATABASE_URL', 'DATA_DIR', 'GEOCODER', 'STORAGE', 'AUTH_SECRET']
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

/** A port nobody listens on right now (the kernel picks it; we release it for the server). */
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
  /** Sends the signal and waits for the end. */
  stop(signal: NodeJS.Signals): Promise<Exit>
}

/** The server's own TypeScript through tsx, or what `npm run build` made of it. */
export type ServerEntry = 'source' | 'built'

const entryArguments: Record<ServerEntry, string[]> = {
  source: ['--import', 'tsx', 'src/server/main.ts'],
  built: ['dist/server/main.js'],
}

/** Starts the server with `env` and resolves once it listens; rejects if it ends first. */
export async function startServer(
  env: Record<string, string>,
  entry: ServerEntry = 'source',
): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, entryArguments[entry], {
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
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }))
  })
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (!stdout.includes(' is running at ')) return
      child.stdout.off('data', onData)
      resolve()
    }
    child.stdout.on('data', onData)
    void exited.then((exit) =>
      reject(new Error(`The server ended before listening (${JSON.stringify(exit)}):\n${stderr}`)),
    )
  })
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

export interface SignedInUser {
  id: string
  /** the Cookie header value of a fresh session */
  cookie: string
}

/** Signs a new user up and in through Better Auth, in-process. */
export async function signUpAndIn(context: AppContext, name: string): Promise<SignedInUser> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`
  const password = 'a long enough password'
  const { user } = await context.auth.api.signUpEmail({ body: { name, email, password } })
  const { headers } = await context.auth.api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  })
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ')
  return { id: user.id, cookie }
}
