// GET /api/listings and /api/listings/:id against a real database, on every dialect we support.
import crypto from 'node:crypto'
import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '../../shared/error-body'
import type { Listing, ListingPage } from '../../shared/listing'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  requestJson,
  type ListingRow,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app'
import { readAllPages } from '../../../tests/support/list-pages'
import { instanceName } from '../instance-name'
import { encodeCursor } from '../../shared/listing-cursor'
import { filterFingerprint } from './filter-fingerprint'

const base = Date.UTC(2025, 0, 15, 12, 0, 0)
const minute = 60_000

/** (timestamp desc, id desc): the order of every list. Plain code-unit order on the id. */
function newestFirst(a: ListingRow, b: ListingRow): number {
  if (a.timestamp !== b.timestamp) return b.timestamp - a.timestamp
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

const ids = (items: { id: string }[]) => items.map((item) => item.id)

describe.each(dialects)('listings API on %s', (dialect) => {
  describe('lists and filters', () => {
    let t: TestApp
    let alice: TestUser
    let bob: TestUser
    const rows: ListingRow[] = []

    beforeAll(async () => {
      t = await createTestApp(dialect)
      alice = await createUser(t.context, { name: 'Alice Martin' })
      bob = await createUser(t.context, { name: 'Bruno Costa' })
      // 14 listings a minute apart, inserted in a shuffled order so that insertion order is not
      // what the API returns: rent/sale alternate, every third is on offer, bob owns the last 5.
      const order = [7, 2, 11, 0, 13, 5, 9, 1, 12, 4, 8, 3, 10, 6]
      for (const i of order) {
        const offer = i % 3 === 0
        rows.push(
          await insertListing(t.context, {
            userRef: i >= 9 ? bob.id : alice.id,
            type: i % 2 === 0 ? 'rent' : 'sale',
            offer,
            regularPrice: 1000 + i * 100,
            discountedPrice: offer ? 900 + i * 100 : null,
            timestamp: base + i * minute,
          }),
        )
      }
    })
    afterAll(async () => {
      await t?.close()
    })

    const list = (query = '') => requestJson<ListingPage>(t.app, `/api/listings${query}`)
    const expected = (keep: (row: ListingRow) => boolean = () => true) =>
      ids(rows.filter(keep).sort(newestFirst))

    it('returns newest first', async () => {
      const { status, contentType, body } = await list('?limit=50')
      expect(status).toBe(200)
      expect(contentType).toMatch(/^application\/json/)
      expect(ids(body.items)).toEqual(expected())
      const times = body.items.map((item) => Date.parse(item.timestamp))
      expect(times).toEqual([...times].sort((a, b) => b - a))
    })

    it('sends 10 listings by default, the newest ones', async () => {
      const { status, body } = await list()
      expect(status).toBe(200)
      expect(body.items).toHaveLength(10)
      expect(ids(body.items)).toEqual(expected().slice(0, 10))
      expect(body.nextCursor).toEqual(expect.any(String))
    })

    it('sends up to 50 and refuses 51', async () => {
      const fifty = await list('?limit=50')
      expect(fifty.status).toBe(200)
      expect(fifty.body.items).toHaveLength(rows.length)

      const tooMany = await requestJson<ErrorBody>(t.app, '/api/listings?limit=51')
      expect(tooMany.status).toBe(400)
      expect(tooMany.body.fields).toHaveProperty('limit')
    })

    it.each([
      ['?type=rent', (row: ListingRow) => row.type === 'rent'],
      ['?type=sale', (row: ListingRow) => row.type === 'sale'],
      ['?offer=true', (row: ListingRow) => row.offer],
      ['?offer=false', (row: ListingRow) => !row.offer],
      ['?type=rent&offer=true', (row: ListingRow) => row.type === 'rent' && row.offer],
    ])('filters with %s', async (query, keep) => {
      const { status, body } = await list(`${query}&limit=50`)
      expect(status).toBe(200)
      const want = expected(keep)
      expect(want.length).toBeGreaterThan(0)
      expect(want.length).toBeLessThan(rows.length)
      expect(ids(body.items)).toEqual(want)
    })

    it('filters by owner with userRef', async () => {
      const mine = await list(`?userRef=${bob.id}&limit=50`)
      expect(mine.status).toBe(200)
      expect(ids(mine.body.items)).toEqual(expected((row) => row.userRef === bob.id))
      expect(mine.body.items).toHaveLength(5)
      expect(mine.body.items.every((item) => item.userRef === bob.id)).toBe(true)

      const offersOfAlice = await list(`?userRef=${alice.id}&offer=true&limit=50`)
      expect(ids(offersOfAlice.body.items)).toEqual(
        expected((row) => row.userRef === alice.id && row.offer),
      )
    })

    it('returns an empty page with no cursor for an owner without listings', async () => {
      const { status, body } = await list(`?userRef=${'x'.repeat(20)}`)
      expect(status).toBe(200)
      expect(body).toEqual({ items: [], nextCursor: null })
    })

    it.each([
      ['type=house', 'type'],
      ['type=Rent', 'type'],
      ['type=rent&type=sale', 'type'],
      ['offer=yes', 'offer'],
      ['offer=1', 'offer'],
      ['limit=0', 'limit'],
      ['limit=-3', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=2.5', 'limit'],
      ['limit=51', 'limit'],
      ['limit=5&limit=6', 'limit'],
      ['userRef=not%20an%20id', 'userRef'],
      ['cursor=bogus', 'cursor'],
      ['cursor=%25%25%25', 'cursor'],
      [`cursor=${Buffer.from('1e9:abc').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from('12:../etc').toString('base64url')}`, 'cursor'],
    ])('returns 400 with the field for ?%s', async (query, field) => {
      const { status, contentType, body } = await requestJson<ErrorBody>(
        t.app,
        `/api/listings?${query}`,
      )
      expect(status).toBe(400)
      expect(contentType).toMatch(/^application\/json/)
      expect(body.error).toEqual(expect.any(String))
      expect(body.error.length).toBeGreaterThan(0)
      expect(Object.keys(body.fields ?? {})).toEqual([field])
      expect(body.fields?.[field]).toEqual(expect.any(String))
    })

    it('refuses a cursor it handed out once it has been tampered with', async () => {
      const { body } = await list('?limit=2')
      const cursor = body.nextCursor!
      expect(cursor).toEqual(expect.any(String))
      // Still base64url, but the decoded key is no longer `digits:id`.
      const decoded = Buffer.from(cursor, 'base64url').toString('utf8')
      const tampered = Buffer.from(decoded.replace(':', ';'), 'utf8').toString('base64url')
      const response = await requestJson<ErrorBody>(t.app, `/api/listings?cursor=${tampered}`)
      expect(response.status).toBe(400)
      expect(response.body.fields).toHaveProperty('cursor')
      const padded = await requestJson<ErrorBody>(t.app, `/api/listings?cursor=${cursor}=`)
      expect(padded.status).toBe(400)
    })

    it('returns one listing with every field the spec names, typed', async () => {
      const row = await insertListing(t.context, {
        userRef: alice.id,
        type: 'sale',
        name: 'Spacious Villa in Lisbon',
        bedrooms: 4,
        bathrooms: 3,
        parking: true,
        furnished: false,
        location: '12 Rua Augusta, Lisbon, Portugal',
        offer: true,
        regularPrice: 750_000_000,
        discountedPrice: 699_999_950,
        images: ['images/u1-front.png-abc', 'images/u1-garden.png-def'],
        lat: 38.7223125,
        lng: -9.1393375,
        timestamp: base - 3 * 86_400_000 + 123,
      })
      try {
        const { status, contentType, body } = await requestJson<Listing>(
          t.app,
          `/api/listings/${row.id}`,
        )
        expect(status).toBe(200)
        expect(contentType).toMatch(/^application\/json/)
        expect(body).toStrictEqual({
          id: row.id,
          type: 'sale',
          name: 'Spacious Villa in Lisbon',
          bedrooms: 4,
          bathrooms: 3,
          parking: true,
          furnished: false,
          location: '12 Rua Augusta, Lisbon, Portugal',
          offer: true,
          regularPrice: 750_000_000,
          discountedPrice: 699_999_950,
          imageUrls: [
            '/media/images/u1-front.png-abc/w1200.webp',
            '/media/images/u1-garden.png-def/w1200.webp',
          ],
          geolocation: { lat: 38.7223125, lng: -9.1393375 },
          timestamp: new Date(base - 3 * 86_400_000 + 123).toISOString(),
          userRef: alice.id,
          status: 'active',
          badges: [],
        })
        expect(body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      } finally {
        await t.context.db.kysely.deleteFrom('listing').where('id', '=', row.id).execute()
      }
    })

    it('leaves discountedPrice out when there is none, and sends false booleans as false', async () => {
      const row = rows.find((candidate) => !candidate.offer)!
      const { status, body } = await requestJson<Record<string, unknown>>(
        t.app,
        `/api/listings/${row.id}`,
      )
      expect(status).toBe(200)
      expect(body).not.toHaveProperty('discountedPrice')
      expect(body.offer).toBe(false)
      expect(body.parking).toBe(false)
      expect(body.furnished).toBe(false)
      expect(body.imageUrls).toEqual([])
      expect(body.bedrooms).toBe(2)
      expect(body.regularPrice).toBe(row.regularPrice)
      expect(body.timestamp).toBe(new Date(row.timestamp).toISOString())
    })

    it('sends the same listing in the list as on its own', async () => {
      const { body } = await list('?limit=50')
      for (const item of body.items.slice(0, 3)) {
        const one = await requestJson<Listing>(t.app, `/api/listings/${item.id}`)
        expect(one.body).toStrictEqual(item)
      }
    })

    it('returns 404 JSON for an unknown listing', async () => {
      const { status, contentType, body } = await requestJson<ErrorBody>(
        t.app,
        '/api/listings/NoSuchListing0000000',
      )
      expect(status).toBe(404)
      expect(contentType).toMatch(/^application\/json/)
      expect(body).toEqual({ error: expect.any(String) })
    })

    it.each(['bad.id', 'a%20b', 'semi%3Bcolon', 'x'.repeat(65)])(
      'returns 404 for the id %s, which no listing can have',
      async (id) => {
        const { status, body } = await requestJson<ErrorBody>(t.app, `/api/listings/${id}`)
        expect(status).toBe(404)
        expect(body).toEqual({ error: 'Listing not found' })
      },
    )
  })

  describe('keyset pagination', () => {
    let t: TestApp
    const rows: ListingRow[] = []

    // Ids of lowercase letters and digits order the same under SQLite's binary comparison and
    // under any PostgreSQL collation, so the expected order can be computed here.
    const lowercaseId = () =>
      crypto.randomBytes(15).toString('base64url').toLowerCase().replace(/[-_]/g, 'z')

    beforeAll(async () => {
      t = await createTestApp(dialect)
      const owners = [await createUser(t.context), await createUser(t.context)]
      // 25 listings on only 4 distinct timestamps: most pages start and end inside a tie.
      const times = [base, base + 1000, base + 1000, base - minute]
      for (let i = 0; i < 25; i++) {
        rows.push(
          await insertListing(t.context, {
            id: lowercaseId(),
            userRef: owners[i % 2]!.id,
            type: i % 3 === 0 ? 'sale' : 'rent',
            offer: i % 4 === 0,
            timestamp: times[i % times.length]! + (i >= 20 ? 5 : 0),
          }),
        )
      }
    })
    afterAll(async () => {
      await t?.close()
    })

    const readPages = (query: string, limit: number) =>
      readAllPages(t.app, `/api/listings?limit=${limit}${query}`)

    it('has many listings sharing one timestamp', () => {
      const counts = new Map<number, number>()
      for (const row of rows) counts.set(row.timestamp, (counts.get(row.timestamp) ?? 0) + 1)
      expect(Math.max(...counts.values())).toBeGreaterThanOrEqual(8)
    })

    it('pages through every listing exactly once, in (timestamp desc, id desc) order, with limit 3', async () => {
      const pages = await readPages('', 3)
      const seen = pages.flatMap((page) => ids(page.items))
      expect(new Set(seen).size).toBe(seen.length)
      expect(seen).toEqual(ids([...rows].sort(newestFirst)))
      // 25 = 8 full pages + a short page of 1; then an empty page ends it.
      expect(pages.map((page) => page.items.length)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 1, 0])
    })

    it('sets nextCursor after a short non-empty page, and null only after an empty page', async () => {
      const pages = await readPages('', 3)
      const short = pages.at(-2)!
      expect(short.items).toHaveLength(1)
      const last = short.items[0]!
      expect(short.nextCursor).toBe(
        encodeCursor({
          sort: 'newest',
          value: Date.parse(last.timestamp),
          id: last.id,
          fingerprint: filterFingerprint({}),
        }),
      )
      expect(pages.at(-1)).toEqual({ items: [], nextCursor: null })
      for (const page of pages.slice(0, -1)) expect(page.nextCursor).toEqual(expect.any(String))
    })

    it('ends with an empty page after a full last page too', async () => {
      const pages = await readPages('', 5)
      expect(pages.map((page) => page.items.length)).toEqual([5, 5, 5, 5, 5, 0])
      expect(pages.at(-2)!.nextCursor).toEqual(expect.any(String))
      expect(pages.at(-1)!.nextCursor).toBeNull()
    })

    it.each([
      ['&type=rent', (row: ListingRow) => row.type === 'rent'],
      ['&type=sale&offer=false', (row: ListingRow) => row.type === 'sale' && !row.offer],
      ['&offer=true', (row: ListingRow) => row.offer],
    ])('pages through a filtered list (%s) exactly once and in order', async (query, keep) => {
      const pages = await readPages(query, 3)
      const seen = pages.flatMap((page) => ids(page.items))
      expect(seen).toEqual(ids(rows.filter(keep).sort(newestFirst)))
      expect(pages.at(-1)).toEqual({ items: [], nextCursor: null })
    })

    it('gives the same order page by page as in one page, for mixed-case ids', async () => {
      // Real ids mix cases; their order inside a tie depends on the database's collation, but
      // paging must still agree with the one-page order and repeat or skip nothing.
      const fresh = await createTestApp(dialect)
      try {
        const owner = await createUser(fresh.context)
        const mixed: ListingRow[] = []
        for (let i = 0; i < 17; i++) {
          mixed.push(await insertListing(fresh.context, { userRef: owner.id, timestamp: base }))
        }
        const whole = await requestJson<ListingPage>(fresh.app, '/api/listings?limit=50')
        expect(new Set(ids(whole.body.items))).toEqual(new Set(ids(mixed)))

        const pages = await readAllPages(fresh.app, '/api/listings?limit=4', 20)
        expect(pages.flatMap((page) => ids(page.items))).toEqual(ids(whole.body.items))
      } finally {
        await fresh.close()
      }
    })

    it('continues after a cursor whose listing no longer exists', async () => {
      const sorted = [...rows].sort(newestFirst)
      const key = sorted[4]!
      // A key between two stored listings: same timestamp, an id just above the 5th one's.
      const cursor = encodeCursor({
        sort: 'newest',
        value: key.timestamp,
        id: `${key.id}0`,
        fingerprint: filterFingerprint({}),
      })
      const { status, body } = await requestJson<ListingPage>(
        t.app,
        `/api/listings?limit=50&cursor=${cursor}`,
      )
      expect(status).toBe(200)
      expect(ids(body.items)).toEqual(ids(sorted.slice(4)))
    })
  })

  describe('other paths', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp(dialect)
    })
    afterAll(async () => {
      await t?.close()
    })

    it('returns an empty page from an empty database', async () => {
      const { status, body } = await requestJson<ListingPage>(t.app, '/api/listings')
      expect(status).toBe(200)
      expect(body).toEqual({ items: [], nextCursor: null })
    })

    it('responds to GET /healthz with { ok: true } and the opaque name of this process', async () => {
      const { status, body } = await requestJson(t.app, '/healthz')
      expect(status).toBe(200)
      expect(body).toStrictEqual({ ok: true, instance: instanceName })
      // Random, made at start: neither the host's name nor the pid.
      expect(instanceName).toMatch(/^[0-9a-f]{12}$/)
      expect(instanceName).not.toContain(os.hostname())
      expect(instanceName).not.toContain(String(process.pid))
      expect((await requestJson(t.app, '/healthz')).body).toStrictEqual(body)
    })

    it.each([
      ['GET', '/api/whatever'],
      ['GET', '/api/listings/abc/def'],
      ['POST', '/api/nothing/here'],
      ['GET', '/api'],
    ])('responds to %s %s with a JSON 404', async (method, url) => {
      const { status, contentType, body } = await requestJson<ErrorBody>(t.app, url, { method })
      expect(status).toBe(404)
      expect(contentType).toMatch(/^application\/json/)
      expect(body).toEqual({ error: expect.any(String) })
    })
  })
})
