// The cluster soak (docs/reliability.md) at the size of `npm test`: 30 s of the soak's mix through
// HAProxy at 3 servers started from source, the second one killed with SIGKILL at 10 s and started
// again. `npm run cluster-soak` runs the full size at the production build, with the throughput
// of 3 servers against 1.
import { afterAll, describe, expect, it } from 'vitest'
import { SmtpCatcher } from '../tests/support/smtp-catcher'
import { createPostgresDatabase } from '../tests/support/test-app'
import { haproxyBinary, haproxyMissing } from './cluster/haproxy-config'
import { startCluster, type Cluster } from './cluster/start-cluster'
import {
  formatClusterReport,
  runClusterSoak,
  soakSearchReads,
  soakTrustProxy,
} from './cluster-soak/run'
import { burstShape } from './cluster-soak/viewings'
import { seedCatalogue, servesPages } from './soak/run'

const seed = Number(process.env.SOAK_SEED ?? (Date.now() % 1_000_000) + 1)

const missing = haproxyBinary() ? undefined : haproxyMissing

describe.skipIf(missing)(`cluster soak${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let cluster: Cluster | undefined
  let catcher: SmtpCatcher | undefined
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined

  afterAll(async () => {
    await cluster?.stop()
    await catcher?.stop()
    await database?.drop()
  })

  it(`keeps every acknowledged write, upload, session, limit, alert, message and booking through a SIGKILL (seed ${seed})`, async () => {
    if (process.env.TEST_DATABASE_URL?.trim()) database = await createPostgresDatabase()
    catcher = await SmtpCatcher.start()
    cluster = await startCluster({
      size: 3,
      databaseUrl: database?.url,
      trustProxy: soakTrustProxy,
      entry: 'source',
      env: {
        SMTP_URL: catcher.url,
        ALERT_DELAY_SECONDS: '1',
        MESSAGE_MAIL_DELAY_SECONDS: '1',
        ...soakSearchReads,
      },
      prepare: (env) => seedCatalogue(env, 12),
    })
    const result = await runClusterSoak(cluster, catcher, {
      seconds: 30,
      connections: 8,
      seed,
      killAtSeconds: 10,
      alertListings: 4,
      messageConversations: 4,
      viewingBurst: true,
      checks: true,
      pages: await servesPages(cluster.url),
    })
    const report = formatClusterReport(result)
    console.info(report)

    expect(result.passed, report).toBe(true)
    // The mix was real: uploads in chunks through HAProxy, listings created.
    expect(result.requests['PATCH /api/uploads/:id']?.requests, report).toBeGreaterThan(0)
    expect(result.operations.create?.done, report).toBeGreaterThan(0)
    // Messages went both ways through HAProxy while the server was killed.
    expect(
      result.requests['POST /api/conversations/:id/messages']?.requests,
      report,
    ).toBeGreaterThan(10)
    // Visitors booked the open house through HAProxy while the server was killed.
    expect(
      result.bookingRequests['POST /api/viewing-slots/:id/bookings']?.requests,
      report,
    ).toBeGreaterThanOrEqual(burstShape.waves * burstShape.bookersPerWave)
  }, 120_000)
})
