// The production server (`node dist/server/main.js`) on a fresh store, ready when /healthz answers.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, spawnChild, stopChild, waitUntil } from './processes.js'
import { storeEnv, type BenchStore } from './store.js'

const builtServer = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url))

export interface RunningProcess {
  origin: string
  pid: number
  stop(): Promise<void>
}

/** `serverMain` is the built server by default; BENCH_SERVER names another build to compare. */
export async function startServer(
  store: BenchStore,
  serverMain = builtServer,
): Promise<RunningProcess> {
  if (!fs.existsSync(serverMain)) throw new Error(`${serverMain} is missing: run npm run build`)
  const port = await freePort()
  const logFile = path.join(store.dataDir, 'server.log')
  const log = fs.openSync(logFile, 'a')
  const child = spawnChild(process.execPath, [serverMain], {
    env: { ...process.env, ...storeEnv(store), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  })
  fs.closeSync(log)
  const origin = `http://127.0.0.1:${port}`
  try {
    await waitUntil(child, async () => (await fetch(`${origin}/healthz`)).ok, 'The server')
  } catch (error) {
    await stopChild(child)
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n')
    throw new Error(`${error instanceof Error ? error.message : error}\n${tail}`)
  }
  return { origin, pid: child.pid!, stop: () => stopChild(child) }
}
