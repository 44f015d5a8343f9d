// A cluster on this machine: `size` built servers on one PostgreSQL (a throwaway one, or the given
// DATABASE_URL) and one s3rver, behind HAProxy. Used by `npm run cluster` and the cluster soak, which
// also kills a server with SIGKILL and starts it again on its own port.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort, spawnChild, stopChild } from '../../tests/support/child-processes.js'
import {
  createPostgresCluster,
  type PostgresCluster,
} from '../../tests/support/postgres-cluster.js'
import { startS3rver, type LocalS3 } from '../../tests/support/s3rver.js'
import {
  startServer,
  type ServerEntry,
  type ServerProcess,
} from '../../tests/support/server-process.js'
import {
  haproxyBinary,
  haproxyConfig,
  haproxyMissing,
  haproxySourceAddress,
} from './haproxy-config.js'

export interface ClusterOptions {
  size: number
  /** where HAProxy listens; a free port when undefined */
  port?: number
  /** an existing PostgreSQL database; a throwaway cluster is started when undefined */
  databaseUrl?: string
  /**
   * The proxies the servers trust to name the client (TRUST_PROXY): HAProxy's own address alone
   * by default; the soak adds its client's, which stands for the front proxy that gives each
   * virtual client its address.
   */
  trustProxy?: string
  /** more settings for every server (SMTP_URL, ALERT_DELAY_SECONDS) */
  env?: Record<string, string>
  /** whether the first server seeds the demo listings into an empty database */
  seedDemo?: boolean
  /** run once the database and the store are up, before any server starts (with their env) */
  prepare?: (env: Record<string, string>) => Promise<void>
  entry?: ServerEntry
}

export interface ClusterServer {
  /** HAProxy's name for it: app1, app2… */
  name: string
  /** the server directly, not through HAProxy */
  url: string
  port: number
  dataDir: string
  process: ServerProcess
}

export interface Cluster {
  /** HAProxy's address */
  url: string
  haproxyPid: number
  servers: ClusterServer[]
  /** what every server shares: DATABASE_URL, AUTH_SECRET, the S3 settings, PUBLIC_URL… */
  env: Record<string, string>
  /** Ends server `index` with SIGKILL, as a crash of its host would. */
  kill(index: number): Promise<void>
  /** Starts server `index` again on its own port and data folder; resolves once it listens. */
  restart(index: number): Promise<void>
  /** Stops everything it started and removes its temp folder. */
  stop(): Promise<void>
}

/** A start that cannot go on; `npm run cluster` prints its message as the one line. */
export class ClusterError extends Error {
  override name = 'ClusterError'
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const binary = haproxyBinary()
  if (!binary) throw new ClusterError(haproxyMissing)
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-cluster-'))
  const undo: (() => Promise<unknown>)[] = [
    async () => fs.rmSync(root, { recursive: true, force: true }),
  ]
  const servers: ClusterServer[] = []
  const stopAll = async () => {
    await Promise.allSettled(servers.map((server) => server.process.stop('SIGTERM')))
    for (const step of undo.splice(0).reverse()) await step().catch(() => undefined)
  }
  try {
    let databaseUrl = options.databaseUrl
    if (!databaseUrl) {
      const postgres: PostgresCluster = await createPostgresCluster()
      undo.push(() => postgres.destroy())
      databaseUrl = postgres.url
    }
    const s3: LocalS3 = await startS3rver()
    undo.push(() => s3.close())
    const port = options.port ?? (await freePort())
    const url = `http://127.0.0.1:${port}`
    const env: Record<string, string> = {
      ...options.env,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_URL: url,
      TRUST_PROXY: options.trustProxy ?? haproxySourceAddress,
      ...s3.env,
    }
    await options.prepare?.({ ...env, DATA_DIR: path.join(root, 'prepare') })

    const ports = await Promise.all(Array.from({ length: options.size }, () => freePort()))
    const start = async (index: number, seedDemo: boolean) => {
      const dataDir = path.join(root, `app${index + 1}`)
      fs.mkdirSync(dataDir, { recursive: true })
      return startServer(
        { ...env, DATA_DIR: dataDir, SEED_DEMO: String(seedDemo) },
        {
          entry: options.entry ?? 'built',
          port: ports[index],
          logFile: path.join(dataDir, 'server.log'),
        },
      )
    }
    const track = (index: number, process: ServerProcess) => {
      servers[index] = {
        name: `app${index + 1}`,
        url: process.url,
        port: ports[index]!,
        dataDir: path.join(root, `app${index + 1}`),
        process,
      }
    }
    // The first server seeds an empty database alone; the others start once it listens.
    track(0, await start(0, options.seedDemo ?? false))
    const others = await Promise.all(ports.slice(1).map((_, n) => start(n + 1, false)))
    others.forEach((process, n) => track(n + 1, process))

    const configFile = path.join(root, 'haproxy.cfg')
    fs.writeFileSync(configFile, haproxyConfig({ port, servers }))
    const haproxy = spawnChild(binary, ['-db', '-f', configFile], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let haproxyErrors = ''
    haproxy.stderr!.setEncoding('utf8').on('data', (chunk: string) => (haproxyErrors += chunk))
    undo.push(() => stopChild(haproxy))
    await untilEveryServerResponds(
      url,
      options.size,
      () => haproxy.exitCode !== null,
      () => haproxyErrors,
    )

    return {
      url,
      haproxyPid: haproxy.pid!,
      servers,
      env,
      async kill(index) {
        await servers[index]!.process.stop('SIGKILL')
      },
      async restart(index) {
        track(index, await start(index, false))
      },
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}

/**
 * Asks HAProxy for /healthz until `size` different servers have responded: each one named by its
 * `instance`, or by HAProxy's X-Served-By header when the server does not name itself.
 */
async function untilEveryServerResponds(
  url: string,
  size: number,
  ended: () => boolean,
  errors: () => string,
  timeoutMs = 30_000,
): Promise<void> {
  const seen = new Set<string>()
  const deadline = Date.now() + timeoutMs
  while (seen.size < size) {
    if (ended()) throw new ClusterError(`haproxy stopped: ${errors().trim()}`)
    if (Date.now() > deadline) {
      throw new ClusterError(`only ${seen.size} of ${size} servers responded through haproxy`)
    }
    try {
      const response = await fetch(`${url}/healthz`)
      const body = (await response.json()) as { instance?: string }
      const name = body.instance ?? response.headers.get('x-served-by')
      if (response.ok && name) seen.add(name)
    } catch {
      // HAProxy is not listening yet, or returned a page that is not the servers' JSON.
    }
    if (seen.size < size) await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
