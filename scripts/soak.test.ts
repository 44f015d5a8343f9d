// The soak (docs/reliability.md) at the size of `npm test`: 15 s of the same
// mix from 10 connections at a server started from source. No 5xx, a response to every request, no
// 4xx, no error line in the log and a clean stop; the RSS is reported only, 15 s being too short to
// tell a leak from a warm-up. `npm run soak` runs the full size at the production build.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { serverEnv, startServer, type ServerProcess } from '../tests/support/server-process'
import { createPostgresDatabase, dialects } from '../tests/support/test-app'
import { formatReport } from './soak/report'
import { driveLoad, judge, seedCatalogue, servesPages } from './soak/run'

const seed = Number(process.env.SOAK_SEED ?? (Date.now() % 1_000_000) + 1)
const listings = 24

describe.each(dialects)('soak on %s', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-soak-'))
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined
  let server: ServerProcess | undefined

  afterAll(async () => {
    await server?.stop('SIGKILL')
    await database?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it(`responds to 15 s of reads and writes from 10 connections without a 5xx or an error line (seed ${seed})`, async () => {
    if (dialect === 'postgres') database = await createPostgresDatabase()
    // All the load comes from this one address: the soak measures the server, not the per-address
    // budget of uncached searches, which it would spend in seconds.
    const env = { ...serverEnv(dataDir, database?.url), SEARCH_READS_PER_MINUTE: '0' }
    await seedCatalogue(env, listings)
    const running = await startServer(env)
    server = running
    // Before `npm run build` there is no client: the pages are left out then.
    const pages = await servesPages(running.url)
    const load = await driveLoad(running, env, {
      seconds: 15,
      warmupSeconds: 5,
      connections: 10,
      listings,
      seed,
      pages,
    }).finally(() => running.stop('SIGTERM'))
    const result = judge(
      load,
      { stdout: running.stdout(), stderr: running.stderr(), exit: await running.exited },
      { judgeRss: false },
    )
    const report = formatReport(result)
    console.info(
      `Soak on ${dialect}${pages ? '' : ' (no built client: pages left out)'}\n${report}`,
    )

    expect(result.passed, report).toBe(true)
    // The load was real: every kind of request was made, uploads included.
    const kinds = Object.keys(result.requests)
    expect(kinds, report).toEqual(
      expect.arrayContaining([
        'GET /api/listings (first page)',
        'GET /api/listings/:id',
        'GET /media/*',
        'POST /api/uploads',
        'PATCH /api/uploads/:id',
        'POST /api/listings',
        ...(pages ? ['GET /', 'GET /category/:type/:id'] : []),
      ]),
    )
  }, 180_000)
})
