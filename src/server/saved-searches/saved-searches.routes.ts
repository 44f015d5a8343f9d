// /api/saved-searches (the API contract): a signed-in user's own saved searches. Another user's
// saved search is not found, as a missing one is: its id tells nobody anything.
import { Hono, type Context } from 'hono'
import type { ErrorBody } from '../../shared/error-body.js'
import type { SavedSearchErrorBody } from '../../shared/saved-search.js'
import { idPattern } from '../../shared/ids.js'
import type { SavedSearch, SavedSearchList } from '../../shared/saved-search.js'
import { newSavedSearchSchema, savedSearchChangeSchema } from '../../shared/saved-search-schema.js'
import type { Auth } from '../auth/auth.js'
import { requireUser, type SignedInEnv } from '../auth/session.js'
import type { ClientAddress } from '../http/client-address.js'
import { jsonResponse } from '../http/json-response.js'
import { limitPerAddress, type LimitRule, type RequestLimits } from '../http/rate-limit.js'
import { parseJsonBody } from '../http/validate.js'
import {
  SavedSearchError,
  savedSearchNotFound,
  type SavedSearchQueries,
} from './saved-searches.queries.js'

/** Plenty for a person saving and tidying their searches; a wall for a script. */
export const savedSearchWriteLimits: LimitRule[] = [
  { name: 'saved-search-writes-minute', windowSeconds: 60, max: 30 },
  { name: 'saved-search-writes-day', windowSeconds: 24 * 60 * 60, max: 500 },
]

const notFound: ErrorBody = { error: savedSearchNotFound }

export function savedSearchesRoutes(deps: {
  savedSearches: SavedSearchQueries
  auth: Auth
  requestLimits: RequestLimits
  clientAddress: ClientAddress
}) {
  const { savedSearches, auth, requestLimits, clientAddress } = deps
  const writeLimit = limitPerAddress(requestLimits, savedSearchWriteLimits, clientAddress)

  /** The caller's saved search of the path's id, before its body is read (401 → 404 → 400). */
  async function ownedId(c: Context<SignedInEnv>) {
    const id = c.req.param('id') ?? ''
    const owned = idPattern.test(id) && (await savedSearches.get(id, c.get('user').id))
    return owned ? id : undefined
  }

  function errorResponse(c: Context, error: unknown) {
    if (!(error instanceof SavedSearchError)) throw error
    const { message, status, id } = error
    return c.json({ error: message, ...(id && { id }) } satisfies SavedSearchErrorBody, status)
  }

  return new Hono<SignedInEnv>()
    .use(requireUser(auth))
    .get('/', async (c) => {
      // Someone's own list: never kept by a shared cache, nor by the browser after signing out.
      c.header('Cache-Control', 'private, no-store')
      const items = await savedSearches.list(c.get('user').id)
      return jsonResponse<SavedSearchList>(c, { items })
    })
    .post('/', writeLimit, async (c) => {
      const body = await parseJsonBody(c.req.raw, newSavedSearchSchema, 'Invalid saved search')
      if ('error' in body) return c.json(body.error, body.status)
      try {
        return jsonResponse<SavedSearch, 201>(
          c,
          await savedSearches.create(c.get('user').id, body.data),
          201,
        )
      } catch (error) {
        return errorResponse(c, error)
      }
    })
    .patch('/:id', writeLimit, async (c) => {
      const id = await ownedId(c)
      if (!id) return c.json(notFound, 404)
      const body = await parseJsonBody(c.req.raw, savedSearchChangeSchema, 'Invalid saved search')
      if ('error' in body) return c.json(body.error, body.status)
      try {
        return jsonResponse<SavedSearch>(
          c,
          await savedSearches.update(id, c.get('user').id, body.data),
        )
      } catch (error) {
        return errorResponse(c, error)
      }
    })
    .delete('/:id', writeLimit, async (c) => {
      const id = c.req.param('id')
      const deleted = idPattern.test(id) && (await savedSearches.delete(id, c.get('user').id))
      if (!deleted) return c.json(notFound, 404)
      return c.body(null, 204)
    })
}
