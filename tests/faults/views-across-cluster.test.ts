// Listing views in `npm run cluster` (three servers behind HAProxy on one PostgreSQL): each server
// gathers views in memory and writes them in batches. A visitor whose requests reach all three
// servers is counted once, the servers' batches add up, and a server killed with SIGKILL loses at
// most the views it gathered since its last batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListingStats } from '../../src/shared/listing-stats'
import { haproxyBinary, haproxyMissing } from '../../scripts/cluster/haproxy-config'
import { startCluster, type Cluster } from '../../scripts/cluster/start-cluster'
import { withAppContext } from '../support/server-process'
import { signUpAndIn, type SignedInUser } from '../support/sign-in'
import { createPostgresDatabase, insertListing } from '../support/test-app'
import { untilTrue } from '../support/until-true'

const missing = haproxyBinary() ? undefined : haproxyMissing
/** Each server's batch interval (VIEW_BATCH_MS). */
const batchMs = 1000
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0'

describe.skipIf(missing)(
  `listing views in a cluster${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let cluster: Cluster
    let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined
    let owner: SignedInUser
    let listingId: string

    beforeAll(async () => {
      if (process.env.TEST_DATABASE_URL?.trim()) database = await createPostgresDatabase()
      cluster = await startCluster({
        size: 3,
        databaseUrl: database?.url,
        entry: 'source',
        env: { VIEW_BATCH_MS: String(batchMs) },
        prepare: (env) =>
          withAppContext(env, async (context) => {
            owner = await signUpAndIn(context, { name: 'Cluster Owner' })
            const listing = await insertListing(context, { userRef: owner.id, name: 'Seen Flat' })
            listingId = listing.id
          }),
      })
    }, 180_000)

    afterAll(async () => {
      await cluster?.stop()
      await database?.drop()
    })

    /** A view by visitor `n` (a browser of its own), through `base`; returns who served it. */
    async function view(base: string, n: number): Promise<string> {
      const response = await fetch(`${base}/api/listings/${listingId}`, {
        headers: { 'User-Agent': `${browser} Visitor/${n}` },
      })
      expect(response.status).toBe(200)
      await response.arrayBuffer()
      return response.headers.get('x-served-by') ?? base
    }

    async function views(): Promise<number> {
      const response = await fetch(`${cluster.url}/api/listings/${listingId}/stats?days=1`, {
        headers: { Cookie: owner.cookie },
      })
      return ((await response.json()) as ListingStats).totals.views
    }

    it('counts a visitor once across the servers, and the servers add up', async () => {
      // Each visitor's three requests go round the three servers.
      const servedBy = new Set<string>()
      for (let n = 0; n < 30; n++) {
        for (let k = 0; k < 3; k++) servedBy.add(await view(cluster.url, n))
      }
      expect(servedBy.size).toBe(3)
      // SIGTERM writes each server's last batch: nothing is left in memory to count later.
      for (const server of cluster.servers) await server.process.stop('SIGTERM')
      for (let index = 0; index < 3; index++) await cluster.restart(index)
      expect(await views()).toBe(30)
    }, 120_000)

    it('loses at most the last batch of a server killed with SIGKILL', async () => {
      const before = await views()
      const [killed, survivor] = cluster.servers as [
        (typeof cluster.servers)[0],
        (typeof cluster.servers)[0],
      ]
      for (let n = 100; n < 120; n++) await view(killed.url, n)
      await untilTrue(async () => (await views()) === before + 20, 10 * batchMs)
      // Views the killed server has not written yet, and views on a server that lives on.
      for (let n = 200; n < 210; n++) await view(killed.url, n)
      await cluster.kill(0)
      for (let n = 300; n < 310; n++) await view(survivor.url, n)
      await untilTrue(async () => (await views()) >= before + 30, 10 * batchMs)
      const after = await views()
      expect(after - before).toBeGreaterThanOrEqual(30)
      expect(after - before).toBeLessThanOrEqual(40)
      await cluster.restart(0)
    }, 120_000)
  },
)
