// /api/listings (the API contract): lists and one listing for anyone; create, edit, mark sold or
// rented, delete for owners.
import { getSessionCookie } from 'better-auth/cookies'
import { Hono, type Context } from 'hono'
import { idPattern } from '../../shared/ids.js'
import { listingInputSchema, listingStatusInputSchema } from '../../shared/listing-schema.js'
import type { Listing, ListingPage } from '../../shared/listing.js'
import {
  countQueryParameterNames,
  listingFilterSchema,
  listingQueryParameterNames,
  listingQuerySchema,
  mapQueryParameterNames,
  mapQuerySchema,
} from '../../shared/listing-query-schema.js'
import type { MapResponse } from '../../shared/listing-requests.js'
import type { ListingCount } from '../../shared/listing-count.js'
import type { Db } from '../db/database.js'
import type { MediaStore } from '../media/media-store.js'
import type { Auth } from '../auth/auth.js'
import { readUser, requireUser, type SignedInEnv } from '../auth/session.js'
import type { HiddenListingReader } from '../moderation/hidden-listing-reader.js'
import { jsonResponse, sendJsonBody, privateResponse } from '../http/json-response.js'
import { requestTarget, type ResponseCache } from './response-cache.js'
import { parseJsonBody, validate } from '../http/validate.js'
import { limitedResponse, RequestLimitedError } from '../http/rate-limit.js'
import type { ErrorBody } from '../../shared/error-body.js'
import { CursorMismatchError, readListingPage } from './read-listing-page.js'
import { readListingMap } from './search/listing-map.js'
import { countListings } from './search/listing-count.js'
import { ListingWriteError, type ListingWrites } from './listing-writes.js'
import type { ListingQueries, Versioned } from './listings.queries.js'
import { createPriceHistoryQueries, type PriceHistory } from './price-history.queries.js'
import type { CountSearchRead } from './search-read-limit.js'

/**
 * The key to cache a response under: the request as sent (`requestTarget`), unless its query has a
 * parameter the route ignores, or one twice. Such a request (a cache-buster's `?_=1234`) is read
 * each time and its response not cached, so it cannot push out the responses everyone else asks for.
 */
function cacheKey(c: Context, parameters: ReadonlySet<string>): string | undefined {
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!parameters.has(name) || values.length > 1) return undefined
  }
  return requestTarget(c.req.url)
}
const noParameters: ReadonlySet<string> = new Set()

const notFound: ErrorBody = { error: 'Listing not found' }
/** A response for one person (an owner's own list, a hidden listing): no cache may keep it. */
const notOwner: ErrorBody = { error: 'You cannot edit this listing' }

export function listingsRoutes(deps: {
  db: Db
  media: MediaStore
  listings: ListingQueries
  writes: ListingWrites
  auth: Auth
  responseCache: ResponseCache
  countSearchRead: CountSearchRead
  hiddenListings: HiddenListingReader
  /** the time now, in ms: the listings' badges depend on it */
  now: () => number
}) {
  const { db, media, listings, writes, auth, responseCache, countSearchRead, now } = deps
  const { hiddenListings } = deps
  const priceHistory = createPriceHistoryQueries(db)

  /**
   * A list, map or count response: the cached one, else `read` once the address is within its budget of
   * uncached searches (a 429 past it).
   */
  async function searchResponse<T>(
    c: Context,
    parameters: ReadonlySet<string>,
    read: () => Promise<Versioned<T>>,
  ) {
    try {
      const body = await responseCache.get(cacheKey(c, parameters), async () => {
        await countSearchRead(c)
        return read()
      })
      return sendJsonBody<T>(c, body!)
    } catch (error) {
      return searchErrorResponse(c, error)
    }
  }

  function searchErrorResponse(c: Context, error: unknown) {
    if (error instanceof RequestLimitedError) return limitedResponse(c, error)
    if (error instanceof CursorMismatchError) {
      return c.json(
        { error: error.message, fields: { cursor: error.message } } satisfies ErrorBody,
        400,
      )
    }
    throw error
  }

  /**
   * 404 and 403 before the body is read, in the order of the API contract (the write checks
   * again inside its transaction, in case the listing changed meanwhile).
   */
  async function ownedListing(c: Context<SignedInEnv>) {
    const id = c.req.param('id') ?? ''
    const stored = idPattern.test(id) ? await listings.getStored(id) : undefined
    if (!stored) return { response: c.json(notFound, 404) }
    if (stored.userRef !== c.get('user').id) return { response: c.json(notOwner, 403) }
    return { id }
  }

  function writeErrorResponse(c: Context, error: unknown) {
    if (!(error instanceof ListingWriteError)) throw error
    return c.json({ error: error.message, fields: error.fields } satisfies ErrorBody, error.status)
  }

  return new Hono<SignedInEnv>()
    .get('/', validate('query', listingQuerySchema, 'Invalid listing query'), async (c) => {
      const query = c.req.valid('query')
      const { userRef, status } = query.filter
      // The owner's own list holds every status, hidden and expired too: read for them alone.
      if (userRef !== undefined && status === undefined) {
        const user = await readUser(auth, c)
        if (user?.id === userRef) {
          try {
            const page = await readListingPage({ db, media, now }, query, { ownerAsking: true })
            return c.json(page.value, 200, privateResponse)
          } catch (error) {
            return searchErrorResponse(c, error)
          }
        }
      }
      return searchResponse<ListingPage>(c, listingQueryParameterNames, () =>
        readListingPage({ db, media, now }, query),
      )
    })
    .get('/map', validate('query', mapQuerySchema, 'Invalid map query'), async (c) => {
      const { filter, zoom } = c.req.valid('query')
      return searchResponse<MapResponse>(c, mapQueryParameterNames, () =>
        readListingMap(db, filter, zoom),
      )
    })
    .get('/count', validate('query', listingFilterSchema, 'Invalid count query'), async (c) => {
      const filter = c.req.valid('query')
      return searchResponse<ListingCount>(c, countQueryParameterNames, () =>
        countListings(db, filter),
      )
    })
    .get('/:id', async (c) => {
      // An id that cannot exist is simply not found, as PUT and DELETE respond to it.
      const id = c.req.param('id')
      const body = idPattern.test(id)
        ? await responseCache.get(cacheKey(c, noParameters), () => listings.readOne(id))
        : undefined
      if (body) return sendJsonBody<Listing>(c, body)
      // Not there, or hidden: then its owner and the moderators see it, uncached.
      const signedIn = getSessionCookie(c.req.raw.headers) !== null
      const hidden =
        idPattern.test(id) && signedIn
          ? await hiddenListings.read(id, () => readUser(auth, c))
          : undefined
      if (hidden) return c.json(hidden, 200, privateResponse)
      return c.json(notFound, 404)
    })
    .get('/:id/price-history', async (c) => {
      const id = c.req.param('id')
      const body = idPattern.test(id)
        ? await responseCache.get(cacheKey(c, noParameters), () => priceHistory.read(id))
        : undefined
      if (!body) return c.json(notFound, 404)
      return sendJsonBody<PriceHistory>(c, body)
    })
    .post('/', requireUser(auth), async (c) => {
      const body = await parseJsonBody(c.req.raw, listingInputSchema, 'Invalid listing')
      if ('error' in body) return c.json(body.error, body.status)
      try {
        return jsonResponse(c, await writes.create(c.get('user').id, body.data), 201)
      } catch (error) {
        return writeErrorResponse(c, error)
      }
    })
    .put('/:id', requireUser(auth), async (c) => {
      const owned = await ownedListing(c)
      if ('response' in owned) return owned.response
      const body = await parseJsonBody(c.req.raw, listingInputSchema, 'Invalid listing')
      if ('error' in body) return c.json(body.error, body.status)
      try {
        return jsonResponse(c, await writes.update(owned.id, c.get('user').id, body.data))
      } catch (error) {
        return writeErrorResponse(c, error)
      }
    })
    .patch('/:id/status', requireUser(auth), async (c) => {
      const owned = await ownedListing(c)
      if ('response' in owned) return owned.response
      const body = await parseJsonBody(c.req.raw, listingStatusInputSchema, 'Invalid status')
      if ('error' in body) return c.json(body.error, body.status)
      try {
        return jsonResponse(
          c,
          await writes.changeStatus(owned.id, c.get('user').id, body.data.status),
        )
      } catch (error) {
        return writeErrorResponse(c, error)
      }
    })
    .delete('/:id', requireUser(auth), async (c) => {
      const owned = await ownedListing(c)
      if ('response' in owned) return owned.response
      try {
        await writes.delete(owned.id, c.get('user').id)
      } catch (error) {
        return writeErrorResponse(c, error)
      }
      return c.body(null, 204)
    })
}
