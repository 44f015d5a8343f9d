// One block's measurements on a seeded store: starts the built server on it, checks that every
// target responds 200, records the first target's response for the ceiling, and measures them all.
import path from 'node:path'
import { startServer } from '../../tests/support/server-process.js'
import { recordResponse, startCeiling } from './ceiling.js'
import { watchDatabaseCpu } from './database-cpu.js'
import { measureBlock, type BlockMeasures } from './measure.js'
import type { BenchSettings } from './settings.js'
import { storeEnv, type BenchStore } from './store.js'
import type { Target } from './targets.js'

export async function measureOnServer(
  store: BenchStore,
  targets: Target[],
  settings: BenchSettings,
): Promise<BlockMeasures & { databaseCpuCounted: boolean }> {
  // What to stop when the block ends, however it ends; last started, first stopped.
  const cleanups: (() => Promise<void>)[] = []
  try {
    const running = await startServer(storeEnv(store), {
      entry: settings.serverMain ? { file: settings.serverMain } : 'built',
      logFile: path.join(store.dataDir, 'server.log'),
    })
    const server = {
      origin: running.url,
      pid: running.child.pid!,
      stop: async () => void (await running.stop()),
    }
    cleanups.push(server.stop)
    for (const target of targets) {
      const response = await fetch(server.origin + target.path, { headers: target.headers })
      if (response.status !== 200) {
        throw new Error(`${target.path} responded ${response.status}: ${await response.text()}`)
      }
    }
    const first = targets[0]!
    const ceiling = await startCeiling(
      await recordResponse(server.origin + first.path, first.headers),
      store.dataDir,
    )
    cleanups.push(ceiling.stop)
    const database =
      settings.postgresUrl && store.databaseName
        ? await watchDatabaseCpu(settings.postgresUrl, store.databaseName)
        : undefined
    if (database) cleanups.push(database.close)
    const measures = await measureBlock({ server, ceiling, targets, settings, database })
    return { ...measures, databaseCpuCounted: database?.measured() ?? false }
  } finally {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => console.error('Could not clean up:', error))
    }
  }
}
