// A listing a moderator hides on one server of `npm run cluster` (three servers behind HAProxy on
// one PostgreSQL) is gone from every cached read of every server at once: each server's response
// cache checks the listings' version, which the hiding changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing, ListingPage } from '../../src/shared/listing'
import type { ListingCount } from '../../src/shared/listing-count'
import type { MapResponse } from '../../src/shared/listing-requests'
import { haproxyBinary, haproxyMissing } from '../../scripts/cluster/haproxy-config'
import { startCluster, type Cluster } from '../../scripts/cluster/start-cluster'
import { withAppContext } from '../support/server-process'
import { signUpAndIn, type SignedInUser } from '../support/sign-in'
import { createPostgresDatabase, insertListing } from '../support/test-app'
import { markEmailVerified } from '../support/verified-email'

const missing = haproxyBinary() ? undefined : haproxyMissing
const moderatorEmail = 'cluster-moderator@example.com'

describe.skipIf(missing)(
  `hiding a listing in a cluster${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let cluster: Cluster
    let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined
    let owner: SignedInUser
    let moderator: SignedInUser
    let listingId: string

    beforeAll(async () => {
      if (process.env.TEST_DATABASE_URL?.trim()) database = await createPostgresDatabase()
      cluster = await startCluster({
        size: 3,
        databaseUrl: database?.url,
        entry: 'source',
        env: { MODERATOR_EMAILS: moderatorEmail },
        prepare: (env) =>
          withAppContext(env, async (context) => {
            owner = await signUpAndIn(context, { name: 'Cluster Owner' })
            moderator = await signUpAndIn(context, {
              name: 'Cluster Moderator',
              email: moderatorEmail,
            })
            await markEmailVerified(context, moderator.id)
            const listing = await insertListing(context, {
              userRef: owner.id,
              name: 'Clustered Flat',
            })
            await insertListing(context, { userRef: owner.id, name: 'Neighbouring Flat' })
            listingId = listing.id
          }),
      })
    }, 180_000)

    afterAll(async () => {
      await cluster?.stop()
      await database?.drop()
    })

    /** Whether each public read of `base` still holds the listing: the reads a cache may keep. */
    async function readsOf(base: string) {
      const json = async <T>(path: string) => {
        const response = await fetch(base + path)
        return { status: response.status, body: (await response.json()) as T }
      }
      const ids = (page: ListingPage) => page.items.map((item) => item.id).includes(listingId)
      const detail = await json<Listing>(`/api/listings/${listingId}`)
      return {
        detail: detail.status,
        list: ids((await json<ListingPage>('/api/listings?type=rent')).body),
        owners: ids((await json<ListingPage>(`/api/listings?userRef=${owner.id}`)).body),
        map: (await json<MapResponse>('/api/listings/map?bbox=2,48,3,49&zoom=14')).body.items.some(
          (item) => item.id === listingId,
        ),
        count: (await json<ListingCount>('/api/listings/count?bbox=2,48,3,49')).body.total,
      }
    }

    it('takes it off every server at once, and puts it back on every server at once', async () => {
      const bases = [...cluster.servers.map((server) => server.url), cluster.url]
      const shown = { detail: 200, list: true, owners: true, map: true, count: 2 }
      const gone = { detail: 404, list: false, owners: false, map: false, count: 1 }
      // Each server has read (and cached) every read before the change: the second read is cached.
      for (const base of bases) await readsOf(base)
      for (const base of bases) {
        expect(await readsOf(base), base).toEqual(shown)
      }

      const moderate = (action: 'hide' | 'unhide') =>
        fetch(`${cluster.servers[0]!.url}/api/moderation/listings/${listingId}/${action}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Cookie: moderator.cookie,
            Origin: cluster.env.PUBLIC_URL!,
          },
          body: JSON.stringify({ reason: 'A copy of another listing' }),
        })
      const started = performance.now()
      expect((await moderate('hide')).status).toBe(200)
      for (const base of bases) {
        expect(await readsOf(base), base).toEqual(gone)
      }
      expect(performance.now() - started).toBeLessThan(1000)

      expect((await moderate('unhide')).status).toBe(200)
      for (const base of bases) {
        expect(await readsOf(base), base).toEqual(shown)
      }
    })
  },
)
