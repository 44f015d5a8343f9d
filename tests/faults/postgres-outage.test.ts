// PostgreSQL stopped under a running server: the API responds with 503 JSON
// within a second, logs an outage rather than a crash, and recovers by itself once it is back.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPostgresCluster,
  postgresClusterUnavailable,
  type PostgresCluster,
} from '../support/postgres-cluster'
import {
  serverEnv,
  serverLines,
  startServer,
  withAppContext,
  type ServerProcess,
} from '../support/server-process'
import { signUpAndIn } from '../support/sign-in'
import { insertListing } from '../support/test-app'

const skipReason = postgresClusterUnavailable()

describe.skipIf(skipReason)(
  `PostgreSQL outage${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let cluster: PostgresCluster
    let server: ServerProcess
    let dataDir: string
    let cookie: string
    let listingId: string

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-outage-'))
      cluster = await createPostgresCluster()
      const env = serverEnv(dataDir, cluster.url)
      // A user with a session and one listing, made in the cluster before the server starts.
      await withAppContext(env, async (context) => {
        const user = await signUpAndIn(context, { name: 'Outage Person' })
        cookie = user.cookie
        listingId = (await insertListing(context, { userRef: user.id })).id
      })
      server = await startServer(env)
    }, 120_000)

    afterAll(async () => {
      await server?.stop('SIGTERM')
      await cluster?.destroy()
      fs.rmSync(dataDir, { recursive: true, force: true })
    })

    const requests = () => [
      { label: 'GET /healthz', url: '/healthz', init: {} },
      { label: 'GET /api/listings', url: '/api/listings', init: {} },
      { label: 'GET /api/listings/:id', url: `/api/listings/${listingId}`, init: {} },
      {
        label: 'PATCH /api/users/me (signed in)',
        url: '/api/users/me',
        init: {
          method: 'PATCH',
          headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: server.url },
          body: JSON.stringify({ name: 'Outage Person' }),
        },
      },
    ]

    async function timed(url: string, init: RequestInit) {
      const started = performance.now()
      const response = await fetch(server.url + url, init)
      const body: unknown = await response.json()
      return { status: response.status, body, ms: performance.now() - started }
    }

    it('responds with 503 JSON within a second while PostgreSQL is stopped, then recovers without a restart', async () => {
      const instanceBefore = ((await timed('/healthz', {})).body as { instance: string }).instance
      for (const { label, url, init } of requests()) {
        expect((await timed(url, init)).status, label).toBe(200)
      }

      const logBefore = server.stderr().length
      await cluster.stop()
      // Twice over: the pool's idle connections are gone the first time, new ones are rejected after.
      let slowest = 0
      for (let round = 0; round < 2; round += 1) {
        for (const { label, url, init } of requests()) {
          const result = await timed(url, init)
          expect(result.status, `${label}\n${server.stderr()}`).toBe(503)
          expect(result.body, label).toMatchObject({ error: expect.any(String) })
          if (url === '/healthz') {
            // The health check still names the process, for the operator looking at the outage.
            expect(result.body).toMatchObject({ ok: false, instance: instanceBefore })
          }
          expect(result.ms, label).toBeLessThan(1000)
          slowest = Math.max(slowest, result.ms)
        }
      }

      console.info(`PostgreSQL stopped: slowest 503 response ${Math.round(slowest)} ms`)
      await cluster.start()
      for (const { label, url, init } of requests()) {
        expect((await timed(url, init)).status, label).toBe(200)
      }
      expect(server.child.exitCode).toBeNull()
      // An outage is logged as one warning per request, never as a crash with a stack trace.
      const lines = serverLines(server.stderr().slice(logBefore))
      expect(
        lines.filter((line) => !/database is unavailable|PostgreSQL connection lost/.test(line)),
      ).toEqual([])
    }, 60_000)
  },
)
