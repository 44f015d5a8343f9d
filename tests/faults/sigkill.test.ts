// SIGKILL in the middle of a burst of creates, edits and deletes, on
// a real server process, again and again on the same DATA_DIR (and PostgreSQL database). After
// each restart the database passes its checks and every write acknowledged with 2xx is there, whole.
// `npm test` kills 3 times per database; `npm run faults` 20 times (FAULT_KILLS).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CrashDrill, seededRandom } from '../support/crash-drill'
import {
  serverEnv,
  startServer,
  withAppContext,
  type ServerProcess,
} from '../support/server-process'
import { signUpAndIn } from '../support/sign-in'
import { createPostgresDatabase, dialects } from '../support/test-app'

const kills = Number(process.env.FAULT_KILLS ?? 3)
const seed = Number(process.env.FAULT_SEED ?? Date.now() % 1_000_000)

describe.each(dialects)('SIGKILL mid-burst on %s', (dialect) => {
  let dataDir: string | undefined
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined
  let server: ServerProcess | undefined

  afterAll(async () => {
    await server?.stop('SIGKILL')
    await database?.drop()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it(
    `keeps every acknowledged write whole through ${kills} kills (seed ${seed})`,
    async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-sigkill-'))
      if (dialect === 'postgres') database = await createPostgresDatabase()
      const env = serverEnv(dataDir, database?.url)
      const random = seededRandom(seed)
      const user = await withAppContext(env, (context) =>
        signUpAndIn(context, { name: 'Crash Drill' }),
      )
      const drill = new CrashDrill(user, dataDir)
      const started = Date.now()

      for (let round = 0; round <= kills; round += 1) {
        // The server is down: open the database afresh, as a restart does, and check it.
        await withAppContext(env, (context) => drill.checkDatabase(context))
        server = await startServer(env)
        await drill.checkAcknowledgedWrites(server)
        if (round === kills) break
        await drill.burst(server, { random, killAfterMs: 50 + random() * 750 })
      }
      // A clean stop after all that.
      expect(await server!.stop('SIGTERM')).toEqual({ code: 0, signal: null })

      const { totals } = drill
      console.info(
        `SIGKILL drill on ${dialect}, seed ${seed}: ${JSON.stringify(totals)} in ${Date.now() - started} ms`,
      )
      expect(totals.kills).toBe(kills)
      // The burst was real: each kill came after a write was acknowledged, with others under way.
      expect(totals.creates + totals.edits + totals.deletes).toBeGreaterThanOrEqual(kills)
      expect(totals.cutOff).toBeGreaterThan(0)
    },
    Math.max(120_000, kills * 20_000),
  )

  it.runIf(dialect === 'sqlite')(
    'notices an acknowledged write that is missing after the restart (the drill can fail)',
    async () => {
      const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-sigkill-'))
      const env = serverEnv(ownDir)
      try {
        const user = await withAppContext(env, (context) =>
          signUpAndIn(context, { name: 'Lost Write' }),
        )
        const drill = new CrashDrill(user, ownDir)
        await withAppContext(env, (context) => drill.checkDatabase(context))
        server = await startServer(env)
        await drill.burst(server, { random: seededRandom(seed), killAfterMs: 300 })
        // One restart as in the drill: the ledger now holds every listing as it is.
        server = await startServer(env)
        await drill.checkAcknowledgedWrites(server)
        await server.stop('SIGKILL')
        const [lost] = drill.acknowledgedListings()
        expect(lost).toBeDefined()
        // The write the server acknowledged disappears, as it would if it had not been durable.
        await withAppContext(env, (context) =>
          context.db.kysely.deleteFrom('listing').where('id', '=', lost!).execute(),
        )
        server = await startServer(env)
        await expect(drill.checkAcknowledgedWrites(server)).rejects.toThrow(`listing ${lost}`)
      } finally {
        await server?.stop('SIGKILL')
        fs.rmSync(ownDir, { recursive: true, force: true })
      }
    },
    60_000,
  )
})
