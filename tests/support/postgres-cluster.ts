// A PostgreSQL 15 cluster of the test's own, to stop and start at will (the shared one of
// TEST_DATABASE_URL must stay up for everyone else). As root the tools run as `postgres`.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './child-processes'

const run = promisify(execFile)
const bin = '/usr/lib/postgresql/15/bin'
const isRoot = process.getuid?.() === 0

/** Why this machine cannot run a cluster of our own, or undefined when it can. */
export function postgresClusterUnavailable(): string | undefined {
  if (!fs.existsSync(path.join(bin, 'pg_ctl'))) return `no PostgreSQL 15 binaries in ${bin}`
  return undefined
}

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:{port}/postgres */
  url: string
  start(): Promise<void>
  /** `pg_ctl stop -m fast`: open connections are ended, as in a restart or a crash of the host. */
  stop(): Promise<void>
  /** Stops the cluster and removes its files. */
  destroy(): Promise<void>
}

function asPostgres(tool: string, args: string[]) {
  const command = path.join(bin, tool)
  return isRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args)
}

export async function createPostgresCluster(): Promise<PostgresCluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-pg-'))
  if (isRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const uid = Number(stdout.trim())
    fs.chownSync(root, uid, uid)
  }
  const data = path.join(root, 'data')
  const port = await freePort()
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-locale'])
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c fsync=off`
  let running = false
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      const log = path.join(root, 'postgres.log')
      await asPostgres('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', '-o', options, 'start'])
      running = true
    },
    async stop() {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
      running = false
    },
    async destroy() {
      if (running) await cluster.stop()
      fs.rmSync(root, { recursive: true, force: true })
    },
  }
  try {
    await cluster.start()
  } catch (error) {
    fs.rmSync(root, { recursive: true, force: true })
    throw error
  }
  return cluster
}
