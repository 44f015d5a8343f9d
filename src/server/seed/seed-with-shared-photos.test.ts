// `npm run seed -- --photos shared` writes its rows in batches, past the app's own insert: the app's
// reads must find them as they find listings made through the API (search by word, the map's
// counts, photos that load), and the seeded users must sign in with the demo's password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3rver } from '../../../tests/support/s3rver'
import { signIn } from '../../../tests/support/sign-in'
import { createTestApp, dialects, testOrigin, type TestApp } from '../../../tests/support/test-app'
import { wordsOf } from '../listings/search-words'
import { seedWithSharedPhotos, sharedPhotoCount } from './seed-with-shared-photos'
import { demoAccount, demoUser } from './seed'
import { placeOfPoint } from '../places/place-ties'

const counts = { users: 3, listings: 50 }

interface SeededRow {
  id: string
  name: string
  location: string
  images: string
  type: 'rent' | 'sale'
  offer: boolean | number
}

describe.each(dialects)('the seed with shared photos on %s', (dialect) => {
  let t: TestApp
  let rows: SeededRow[]

  beforeAll(async () => {
    t = await createTestApp(dialect)
    expect(await seedWithSharedPhotos(t.context, counts)).toEqual(counts)
    rows = await t.context.db.kysely
      .selectFrom('listing')
      .select(['id', 'name', 'location', 'images', 'type', 'offer'])
      .execute()
  })
  afterAll(() => t?.close())

  const get = async <T>(path: string) => {
    const response = await t.app.request(path)
    expect(response.status, path).toBe(200)
    return (await response.json()) as T
  }

  it('gives every listing two or three of a handful of shared photos, which load', async () => {
    expect(rows).toHaveLength(counts.listings)
    const keys = rows.map((row) => JSON.parse(row.images) as string[])
    for (const own of keys) {
      expect(own.length).toBeGreaterThanOrEqual(2)
      expect(own.length).toBeLessThanOrEqual(3)
      expect(new Set(own).size).toBe(own.length)
    }
    expect(new Set(keys.flat()).size).toBe(sharedPhotoCount)

    const listing = await get<{ imageUrls: string[] }>(`/api/listings/${rows[0]!.id}`)
    expect(listing.imageUrls.length).toBeGreaterThanOrEqual(2)
    for (const url of listing.imageUrls) {
      const response = await t.app.request(new URL(url, testOrigin).pathname)
      expect(response.status, url).toBe(200)
      expect(response.headers.get('content-type'), url).toMatch(/^image\//)
      expect((await response.arrayBuffer()).byteLength, url).toBeGreaterThan(1_000)
    }
  })

  it('writes rows as the app writes them, columns the database computes included', async () => {
    const { kysely } = t.context.db
    // Every column of the listing type; `seq` (the sitemap's) numbers rows as written, so differs.
    const read = (id: string) =>
      kysely
        .selectFrom('listing')
        .select([
          'id',
          'userRef',
          'type',
          'name',
          'bedrooms',
          'bathrooms',
          'parking',
          'furnished',
          'location',
          'offer',
          'regularPrice',
          'discountedPrice',
          'images',
          'lat',
          'lng',
          'timestamp',
          'price',
          'words',
          'status',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    const seeded = await read(rows[0]!.id)
    const { id, price, words, status, ...fields } = seeded
    const copyId = `${id}-copy`
    await t.context.listings.insert({
      ...fields,
      id: copyId,
      parking: Boolean(fields.parking),
      furnished: Boolean(fields.furnished),
      offer: Boolean(fields.offer),
    })
    const copy = await read(copyId)
    await kysely.deleteFrom('listing').where('id', '=', copyId).execute()
    expect({ ...copy, id }).toEqual(seeded)
    expect({ price, words, status }).toEqual({
      price: fields.discountedPrice ?? fields.regularPrice,
      words: wordsOf(`${fields.name} ${fields.location}`).join(' '),
      status: 'active',
    })
  })

  it("writes each listing's first price into its price history, at its timestamp", async () => {
    const firsts = await t.context.db.kysely
      .selectFrom('listing')
      .innerJoin('listing_price_history as entry', 'entry.listingId', 'listing.id')
      .select(['listing.timestamp', 'listing.price', 'entry.at', 'entry.price as entryPrice'])
      .execute()
    expect(firsts).toHaveLength(rows.length)
    for (const first of firsts) {
      expect(Number(first.at)).toBe(Number(first.timestamp))
      expect(Number(first.entryPrice)).toBe(Number(first.price))
    }
    const listing = rows[0]!
    const history = await get<{ items: unknown[] }>(`/api/listings/${listing.id}/price-history`)
    expect(history.items).toHaveLength(1)
  })

  it('makes the listings searchable by a word of their address', async () => {
    // A city's word: some of the listings have it, not all.
    const word = wordsOf(rows[0]!.location.split(', ')[1]!)[0]!
    const expected = rows
      .filter((row) => wordsOf(`${row.name} ${row.location}`).some((w) => w.startsWith(word)))
      .map((row) => row.id)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(rows.length)
    const page = await get<{ items: { id: string }[] }>(
      `/api/listings?q=${encodeURIComponent(word)}&limit=50`,
    )
    expect(page.items.map((item) => item.id).sort()).toEqual(expected.sort())
  })

  it('ties every listing to the city nearest it, and counts them in their places', async () => {
    const tied = await t.context.db.kysely
      .selectFrom('listing')
      .select(['id', 'lat', 'lng', 'placeId'])
      .execute()
    const counts = new Map<number, number>()
    for (const row of tied) {
      expect(row.placeId).toBe(placeOfPoint(row)?.id ?? null)
      if (row.placeId !== null) counts.set(row.placeId, (counts.get(row.placeId) ?? 0) + 1)
    }
    for (const [id, count] of counts) {
      const place = await get<{ count: number }>(`/api/places/${id}`)
      expect(place.count).toBe(count)
    }
  })

  it('counts every listing on the map, in the cells of its type and offer', async () => {
    const map = await get<{ total: number }>('/api/listings/map?bbox=-180,-85,180,85&zoom=1')
    expect(map.total).toBe(counts.listings)
    // Each of the grid's stored levels counts every listing once.
    const cells = (await t.context.db.kysely
      .selectFrom('listing_map_cell')
      .selectAll()
      .execute()) as unknown as {
      level: number
      type: string
      offer: boolean | number
      count: number
    }[]
    const levels = [...new Set(cells.map((cell) => cell.level))]
    expect(levels.length).toBeGreaterThan(1)
    const key = (row: { type: string; offer: boolean | number }) => `${row.type} ${+row.offer}`
    const inRows = new Map<string, number>()
    for (const row of rows) inRows.set(key(row), (inRows.get(key(row)) ?? 0) + 1)
    for (const level of levels) {
      const inCells = new Map<string, number>()
      for (const cell of cells.filter((cell) => cell.level === level)) {
        inCells.set(key(cell), (inCells.get(key(cell)) ?? 0) + cell.count)
      }
      expect(inCells, `level ${level}`).toEqual(inRows)
    }
  })

  it('lets every seeded user sign in with the demo password', async () => {
    for (let k = 0; k < counts.users; k++) {
      const cookie = await signIn(t.context, {
        email: demoUser(k).email,
        password: demoAccount.password,
      })
      expect(cookie).toMatch(/session_token=/)
    }
  })

  it('adds listings on a second run and keeps the users it made', async () => {
    expect(await seedWithSharedPhotos(t.context, { users: counts.users, listings: 5 })).toEqual({
      users: counts.users,
      listings: 5,
    })
    expect(await t.context.listings.count()).toBe(counts.listings + 5)
    const users = await t.context.db.kysely.selectFrom('user').select('id').execute()
    expect(users).toHaveLength(counts.users)
  })

  it("leaves a deleted listing's photos to the other listings that show them", async () => {
    const [gone, ...others] = rows
    const goneKeys = JSON.parse(gone!.images) as string[]
    const other = others.find((row) =>
      (JSON.parse(row.images) as string[]).some((key) => goneKeys.includes(key)),
    )!
    const owner = await t.context.db.kysely
      .selectFrom('listing')
      .select('userRef')
      .where('id', '=', gone!.id)
      .executeTakeFirstOrThrow()
    await t.context.writes.delete(gone!.id, owner.userRef)
    const listing = await get<{ imageUrls: string[] }>(`/api/listings/${other.id}`)
    for (const url of listing.imageUrls) {
      const response = await t.app.request(new URL(url, testOrigin).pathname)
      expect(response.status, url).toBe(200)
    }
  })
})

describe('the seed with shared photos and the S3 media store (s3rver)', () => {
  it('stores the photos in the bucket, from where the listings show them', async () => {
    const s3 = await startS3rver()
    const t = await createTestApp('sqlite', s3.env)
    try {
      await seedWithSharedPhotos(t.context, { users: 1, listings: 5 })
      const page = await (await t.app.request('/api/listings?limit=5')).json()
      const urls = (page as { items: { imageUrls: string[] }[] }).items.flatMap(
        (item) => item.imageUrls,
      )
      expect(urls.length).toBeGreaterThanOrEqual(10)
      for (const url of new Set(urls)) {
        expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/images/`), url).toBe(true)
        const response = await fetch(url)
        expect(response.status, url).toBe(200)
        expect(response.headers.get('content-type'), url).toMatch(/^image\//)
      }
    } finally {
      await t.close()
      await s3.close()
    }
  })
})
