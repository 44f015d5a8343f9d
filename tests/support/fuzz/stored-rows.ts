// The rules every stored row must keep, read back from the database after each fuzzed request.
import { expect } from 'vitest'
import { closedStatusOf } from '../../../src/shared/listing'
import { listingInputSchema } from '../../../src/shared/listing-schema'
import { isPlainText } from '../../../src/shared/plain-text'
import { profileSchema } from '../../../src/shared/profile'
import {
  alertFrequencies,
  savedSearchLimits,
  savedSearchQuery,
} from '../../../src/shared/saved-search'
import { savedSearchQuerySchema } from '../../../src/shared/saved-search-schema'
import type { Db } from '../../../src/server/db/database'

/**
 * Every listing, read back as the form body it came from, passes the shared schema unchanged (so
 * nothing was stored untrimmed, out of range or half-valid); a listing off offer keeps no
 * discounted price; its place is on the globe; its status is on the market, or the one its type
 * closes with (a sale sold, a rental rented); its images are its owner's uploads, each in one
 * listing only.
 */
export async function expectStoredListingsValid(db: Db) {
  const listings = await db.kysely.selectFrom('listing').selectAll().execute()
  const keys = listings.flatMap((row) => JSON.parse(row.images) as string[])
  const uploads =
    keys.length === 0
      ? []
      : await db.kysely.selectFrom('upload').selectAll().where('imageKey', 'in', keys).execute()
  const users = new Set(
    (await db.kysely.selectFrom('user').select('id').execute()).map((user) => user.id),
  )
  const used = new Set<string>()
  for (const row of listings) {
    const images = JSON.parse(row.images) as string[]
    const asInput = {
      type: row.type,
      name: row.name,
      bedrooms: row.bedrooms,
      bathrooms: row.bathrooms,
      parking: Boolean(row.parking),
      furnished: Boolean(row.furnished),
      address: row.location,
      offer: Boolean(row.offer),
      regularPrice: row.regularPrice,
      ...(row.discountedPrice !== null && { discountedPrice: row.discountedPrice }),
      images,
    }
    const seen = JSON.stringify(row)
    const parsed = listingInputSchema.safeParse(asInput)
    expect(parsed.error?.issues ?? [], seen).toEqual([])
    expect(parsed.data, seen).toEqual(asInput)
    if (!row.offer) expect(row.discountedPrice, seen).toBeNull()
    expect(Math.abs(row.lat) <= 90 && Math.abs(row.lng) <= 180, seen).toBe(true)
    expect(Number.isSafeInteger(Number(row.timestamp)) && Number(row.timestamp) > 0, seen).toBe(
      true,
    )
    expect(users.has(row.userRef), seen).toBe(true)
    expect(['active', closedStatusOf[row.type]], seen).toContain(row.status)
    for (const key of images) {
      const upload = uploads.find((candidate) => candidate.imageKey === key)
      expect(upload?.status, `${seen}: image ${key}`).toBe('attached')
      expect(upload?.userId, `${seen}: image ${key}`).toBe(row.userRef)
      expect(used.has(key), `${seen}: image ${key} is in two listings`).toBe(false)
      used.add(key)
    }
  }
}

/**
 * Every upload row (of these users, when named) has a known status, a file name without control
 * characters, an owner, and an image folder once processed.
 */
export async function expectStoredUploadsValid(db: Db, userIds?: string[]) {
  let query = db.kysely.selectFrom('upload').selectAll()
  if (userIds) query = query.where('userId', 'in', userIds)
  const uploads = await query.execute()
  const users = new Set(
    (await db.kysely.selectFrom('user').select('id').execute()).map((user) => user.id),
  )
  for (const row of uploads) {
    const seen = JSON.stringify(row)
    expect(['receiving', 'ready', 'rejected', 'attached'], seen).toContain(row.status)
    expect(row.originalName.length >= 1 && row.originalName.length <= 255, seen).toBe(true)
    expect(isPlainText(row.originalName), seen).toBe(true)
    expect(users.has(row.userId), seen).toBe(true)
    if (row.status === 'ready' || row.status === 'attached')
      expect(row.imageKey, seen).not.toBeNull()
  }
}

/**
 * The users changed since `since` (all of them without it) keep the profile's name rule, trimmed,
 * and a lower-case e-mail address without spaces or control characters.
 */
export async function expectStoredUsersValid(db: Db, since?: Date) {
  let query = db.kysely.selectFrom('user').select(['id', 'name', 'email', 'updatedAt'])
  // Better Auth keeps dates as ISO text in SQLite, as timestamps in PostgreSQL.
  if (since)
    query = query.where('updatedAt', '>=', db.dialect === 'sqlite' ? since.toISOString() : since)
  for (const row of await query.execute()) {
    const seen = JSON.stringify(row)
    const parsed = profileSchema.safeParse({ name: row.name })
    expect(parsed.error?.issues ?? [], seen).toEqual([])
    expect(parsed.data?.name, seen).toBe(row.name)
    expect(row.email, seen).toMatch(/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u)
    expect(row.email, seen).toBe(row.email.toLowerCase())
  }
}

/**
 * Every saved search has a trimmed plain name of 1 to 100 characters, a query the search's schemas
 * take and that is already in canonical order, known alerts, the columns copied out of its query,
 * and an owner who keeps at most 20.
 */
export async function expectStoredSavedSearchesValid(db: Db) {
  const rows = await db.kysely.selectFrom('saved_search').selectAll().execute()
  const users = new Set(
    (await db.kysely.selectFrom('user').select('id').execute()).map((user) => user.id),
  )
  const perUser = new Map<string, number>()
  for (const row of rows) {
    const seen = JSON.stringify(row)
    const { min, max } = savedSearchLimits.nameLength
    expect(row.name.length >= min && row.name.length <= max, seen).toBe(true)
    expect(row.name, seen).toBe(row.name.trim())
    expect(isPlainText(row.name), seen).toBe(true)
    const parsed = savedSearchQuerySchema.safeParse(JSON.parse(row.query))
    expect(parsed.error?.issues ?? [], seen).toEqual([])
    const { filter, sort } = parsed.data!
    // Same keys in the same order: canonical, as returned.
    expect(row.query, seen).toBe(JSON.stringify(savedSearchQuery({ filter, sort })))
    expect(alertFrequencies, seen).toContain(row.alerts)
    expect(row.type, seen).toBe(filter.type ?? null)
    const column = (bound: number | undefined) =>
      bound === undefined ? null : Math.min(bound, 750_000_001)
    expect(row.minPrice, seen).toBe(column(filter.minPrice))
    expect(row.maxPrice, seen).toBe(column(filter.maxPrice))
    expect(Number.isSafeInteger(Number(row.createdAt)) && Number(row.createdAt) > 0, seen).toBe(
      true,
    )
    expect(users.has(row.userId), seen).toBe(true)
    perUser.set(row.userId, (perUser.get(row.userId) ?? 0) + 1)
  }
  for (const [userId, count] of perUser) {
    expect(count, userId).toBeLessThanOrEqual(savedSearchLimits.perUser)
  }
}
