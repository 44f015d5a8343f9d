// The CPU time of the PostgreSQL backends serving one database, when PostgreSQL runs on this machine
// (their /proc entries are then readable): a request's cost includes the database's work, which
// the server process's own CPU time leaves out.
import pg from 'pg'
import { readCpuSeconds } from './cpu.js'

export interface DatabaseCpu {
  /** CPU seconds of every backend of the database seen so far, an ended one at its last reading */
  cpuSeconds(): Promise<number>
  /** whether any backend could be read, i.e. PostgreSQL runs on this machine */
  measured(): boolean
  close(): Promise<void>
}

export async function watchDatabaseCpu(serverUrl: string, database: string): Promise<DatabaseCpu> {
  // Connected to the server's own database, so this client is not one of the backends counted.
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 })
  await client.connect()
  const lastSeen = new Map<number, number>()
  return {
    async cpuSeconds() {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [database],
      )
      for (const { pid } of rows) {
        try {
          lastSeen.set(pid, readCpuSeconds(pid))
        } catch {
          // Not on this machine, or ended since the query.
        }
      }
      return [...lastSeen.values()].reduce((total, seconds) => total + seconds, 0)
    },
    measured: () => lastSeen.size > 0,
    close: () => client.end(),
  }
}
