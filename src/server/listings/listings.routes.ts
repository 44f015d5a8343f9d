// GET /api/listings and /api/listings/:id (ARCHITECTURE.md §3).
import { Hono } from 'hono'
import { z } from 'zod'
import { limits, listingTypes, type ListingPage } from '../../shared/listing.js'
import { validate } from '../http/validate.js'
import { idPattern } from '../../shared/ids.js'
import { decodeCursor, encodeCursor } from './cursor.js'
import type { ListingQueries } from './listings.queries.js'

const listQuery = z.object({
  type: z.enum(listingTypes).optional(),
  offer: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  userRef: z.string().regex(idPattern, 'Not a user id').optional(),
  limit: z.coerce.number().int().min(1).max(limits.maxPageSize).default(limits.pageSize),
  cursor: z
    .string()
    .transform((value, ctx) => {
      const key = decodeCursor(value)
      if (!key) ctx.addIssue({ code: 'custom', message: 'Not a cursor from this API' })
      return key
    })
    .optional(),
})

const idParam = z.object({ id: z.string().regex(idPattern, 'Not a listing id') })

export function listingsRoutes(listings: ListingQueries) {
  return new Hono()
    .get('/', validate('query', listQuery, 'Invalid listing query'), async (c) => {
      const { limit, cursor, ...filter } = c.req.valid('query')
      const items = await listings.list(filter, limit, cursor)
      // SPEC §4: the cursor is set after every fetch that returned something, even a short page,
      // so 'Load More' stays until a fetch comes back empty.
      const last = items.at(-1)
      const nextCursor = last
        ? encodeCursor({ timestamp: Date.parse(last.timestamp), id: last.id })
        : null
      return c.json({ items, nextCursor } satisfies ListingPage)
    })
    .get('/:id', validate('param', idParam), async (c) => {
      const listing = await listings.get(c.req.valid('param').id)
      if (!listing) return c.json({ error: 'Listing not found' }, 404)
      return c.json(listing)
    })
}
