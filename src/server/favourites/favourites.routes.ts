// /api/favourites (the API contract): the caller's saved homes; save and unsave one.
import { privateResponse } from '../http/json-response.js'
import { Hono } from 'hono'
import { z } from 'zod'
import type { ErrorBody } from '../../shared/error-body.js'
import {
  favouriteLimitMessage,
  type FavouriteIds,
  type FavouritePage,
} from '../../shared/favourites.js'
import { idPattern } from '../../shared/ids.js'
import { limits } from '../../shared/listing.js'
import type { Auth } from '../auth/auth.js'
import { requireUser, type SignedInEnv } from '../auth/session.js'
import { validate } from '../http/validate.js'
import { decodeFavouriteCursor, encodeFavouriteCursor } from './favourite-cursor.js'
import type { FavouriteQueries } from './favourites.queries.js'

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(limits.maxPageSize).default(limits.pageSize),
  cursor: z
    .string()
    .transform((value, ctx) => {
      const key = decodeFavouriteCursor(value)
      if (!key) {
        ctx.addIssue({ code: 'custom', message: 'Not a cursor from this API' })
        return z.NEVER
      }
      return key
    })
    .optional(),
})

const notFound: ErrorBody = { error: 'Listing not found' }

// One user's own list: neither a shared cache nor the browser's may keep it.

export function favouritesRoutes(deps: { favourites: FavouriteQueries; auth: Auth }) {
  const { favourites, auth } = deps
  return new Hono<SignedInEnv>()
    .use(requireUser(auth))
    .get('/', validate('query', pageQuery, 'Invalid favourites query'), async (c) => {
      const { limit, cursor } = c.req.valid('query')
      const page = await favourites.page(c.get('user').id, limit, cursor)
      // As the listings' lists: a cursor after every page that returned something, so 'Load More'
      // stays until a fetch comes back empty.
      const body: FavouritePage = {
        items: page.items,
        nextCursor: page.last ? encodeFavouriteCursor(page.last) : null,
      }
      return c.json(body, 200, privateResponse)
    })
    .get('/ids', async (c) => {
      const body: FavouriteIds = { ids: await favourites.ids(c.get('user').id) }
      return c.json(body, 200, privateResponse)
    })
    .put('/:listingId', async (c) => {
      // An id that cannot exist is simply not found, as the listing routes treat it.
      const listingId = c.req.param('listingId')
      if (!idPattern.test(listingId)) return c.json(notFound, 404)
      const outcome = await favourites.save(c.get('user').id, listingId)
      if (outcome === 'missing') return c.json(notFound, 404)
      if (outcome === 'full') {
        return c.json({ error: favouriteLimitMessage } satisfies ErrorBody, 400)
      }
      return c.body(null, 204)
    })
    .delete('/:listingId', async (c) => {
      // As the contract has it for PUT and DELETE alike: a listing that does not exist (or was
      // deleted, with its saves) is not found; one that exists but was not saved is simply unsaved.
      const listingId = c.req.param('listingId')
      if (!idPattern.test(listingId)) return c.json(notFound, 404)
      const outcome = await favourites.remove(c.get('user').id, listingId)
      if (outcome === 'missing') return c.json(notFound, 404)
      return c.body(null, 204)
    })
}
