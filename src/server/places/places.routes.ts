// GET /api/places?q= (the places whose name starts with q, busiest first) and GET /api/places/:id
// (one place, for a search's chip that names its place), both for anyone.
import { Hono } from 'hono'
import { z } from 'zod'
import type { ErrorBody } from '../../shared/error-body.js'
import { searchLimits } from '../../shared/listing-requests.js'
import { validate } from '../http/validate.js'
import type { PlaceSearch } from './find-places.js'

// The counts may lag a minute: a suggestion, not the search's own count.
const publicResponse = { 'Cache-Control': 'public, max-age=60' }

const { min, max } = searchLimits.textLength
const placesQuery = z.object({
  q: z
    .string({ error: 'Type the start of a place name' })
    .min(min, 'Type the start of a place name')
    .max(max, `Must be at most ${max} characters`),
})

/** A GeoNames id as the API writes it; anything else names no place. */
const placeId = /^[1-9]\d{0,9}$/

export function placesRoutes(places: PlaceSearch) {
  return new Hono()
    .get('/', validate('query', placesQuery, 'Invalid place search'), async (c) => {
      const items = await places.find(c.req.valid('query').q)
      return c.json({ items }, 200, publicResponse)
    })
    .get('/:id', async (c) => {
      const id = c.req.param('id')
      const place = placeId.test(id) ? await places.get(Number(id)) : undefined
      if (!place) return c.json({ error: 'Place not found' } satisfies ErrorBody, 404)
      return c.json(place, 200, publicResponse)
    })
}
