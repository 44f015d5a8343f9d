// GET /api/listings/:id/stats for the listing's owner (the API contract), and
// GET /api/listing-stats/week: the views of the signed-in owner's listings over the last 7 days.
import { Hono } from 'hono'
import type { ErrorBody } from '../../shared/error-body.js'
import { statsDaysSchema } from '../../shared/listing-stats.js'
import type { Auth } from '../auth/auth.js'
import { requireUser, type SignedInEnv } from '../auth/session.js'
import { privateResponse } from '../http/json-response.js'
import { parseQuery } from '../http/validate.js'
import type { ListingStatsFeature } from './listing-stats.js'

export function listingStatsRoutes(deps: {
  auth: Auth
  listingStats: Pick<ListingStatsFeature, 'ownListing' | 'read' | 'weekViews'>
}) {
  const { auth, listingStats } = deps
  return {
    ofListing: new Hono<SignedInEnv>().get('/:id/stats', requireUser(auth), async (c) => {
      // Another person's listing is no listing to them: its figures are its owner's alone.
      const listing = await listingStats.ownListing(c.req.param('id'), c.get('user').id)
      if (!listing) {
        return c.json({ error: 'Listing not found' } satisfies ErrorBody, 404)
      }
      const query = parseQuery(c.req.query(), statsDaysSchema, 'Invalid statistics query')
      if ('error' in query) return c.json(query.error, 400)
      return c.json(await listingStats.read(listing, query.data.days), 200, privateResponse)
    }),

    week: new Hono<SignedInEnv>().get('/week', requireUser(auth), async (c) =>
      c.json(await listingStats.weekViews(c.get('user').id), 200, privateResponse),
    ),
  }
}
