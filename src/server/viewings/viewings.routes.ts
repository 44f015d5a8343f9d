// Viewings (the API contract): a listing's owner publishes viewing slots, anyone signed in but the
// owner books a place at one, and either party cancels. Checks run 401 → 404 → 403 → 400.
import { privateResponse } from '../http/json-response.js'
import { Hono, type Context } from 'hono'
import type { ErrorBody } from '../../shared/error-body.js'
import { idPattern } from '../../shared/ids.js'
import type { BookingList, ViewingSlotList } from '../../shared/viewing.js'
import { closedForViewings, viewingMessages } from '../../shared/viewing.js'
import type { Auth } from '../auth/auth.js'
import { readUser, requireUser, type SignedInEnv } from '../auth/session.js'
import type { Config } from '../config.js'
import { parseJsonBody } from '../http/validate.js'
import type { ListingQueries } from '../listings/listings.queries.js'
import { senderAddress } from '../mail/mailer.js'
import type { BookingQueries } from './bookings.queries.js'
import { listingTimeZone } from './listing-time-zone.js'
import { viewingCalendar } from './viewing-calendar.js'
import { ViewingError } from './viewing-error.js'
import type { ViewingSlotQueries } from './viewing-slots.queries.js'
import { viewingSlotsSchema } from './viewing-slots-schema.js'

const listingNotFound: ErrorBody = { error: 'Listing not found' }
const notOwner: ErrorBody = { error: 'Only the listing’s owner can change its viewing times' }
// One person's view of the slots (their booking, or the bookers' names): never shared.

export function viewingsRoutes(deps: {
  config: Pick<Config, 'publicUrl' | 'mailFrom'>
  auth: Auth
  listings: Pick<ListingQueries, 'get'>
  viewingSlots: ViewingSlotQueries
  bookings: BookingQueries
  /** the time now, in ms: tests set it */
  now: () => number
}) {
  const { config, auth, listings, viewingSlots, bookings, now } = deps
  const sender = senderAddress(config)

  const sendViewingError = (c: Context, error: unknown) => {
    if (!(error instanceof ViewingError)) throw error
    const body: ErrorBody = error.fields
      ? { error: error.message, fields: error.fields }
      : { error: error.message }
    return c.json(body, error.status)
  }

  const findListing = (id: string) => (idPattern.test(id) ? listings.get(id) : undefined)

  const slotsOfListing = new Hono<SignedInEnv>()
    .get('/:id/viewing-slots', async (c) => {
      const listing = await findListing(c.req.param('id'))
      if (!listing) return c.json(listingNotFound, 404)
      const user = await readUser(auth, c)
      const timeZone = listingTimeZone(listing.geolocation)
      // A closed home takes no viewings: its slots wait, unbooked, until it is back on the market.
      const items =
        listing.status === 'active' ? await viewingSlots.list(listing, user?.id, now()) : []
      return c.json({ items, timeZone } satisfies ViewingSlotList, 200, privateResponse)
    })
    .put('/:id/viewing-slots', requireUser(auth), async (c) => {
      const listing = await findListing(c.req.param('id'))
      if (!listing) return c.json(listingNotFound, 404)
      if (listing.userRef !== c.get('user').id) return c.json(notOwner, 403)
      const time = now()
      const parsed = await parseJsonBody(
        c.req.raw,
        viewingSlotsSchema(time),
        'Invalid viewing times',
      )
      if ('error' in parsed) return c.json(parsed.error, parsed.status)
      if (listing.status !== 'active') {
        return c.json({ error: closedForViewings(listing.status) } satisfies ErrorBody, 409)
      }
      const timeZone = listingTimeZone(listing.geolocation)
      try {
        await viewingSlots.replace({ id: listing.id, timeZone }, parsed.data.slots, time)
      } catch (error) {
        return sendViewingError(c, error)
      }
      const items = await viewingSlots.list(listing, listing.userRef, time)
      return c.json({ items, timeZone } satisfies ViewingSlotList, 200, privateResponse)
    })

  const bookingsOfSlot = new Hono<SignedInEnv>().post(
    '/:id/bookings',
    requireUser(auth),
    async (c) => {
      const slotId = c.req.param('id')
      if (!idPattern.test(slotId))
        return c.json({ error: viewingMessages.slotNotFound } satisfies ErrorBody, 404)
      try {
        const booking = await bookings.book(slotId, c.get('user').id, now())
        return c.json(booking, 201, privateResponse)
      } catch (error) {
        return sendViewingError(c, error)
      }
    },
  )

  const bookingRoutes = new Hono<SignedInEnv>()
    .use(requireUser(auth))
    .get('/', async (c) => {
      const items = await bookings.list(c.get('user').id, now())
      return c.json({ items } satisfies BookingList, 200, privateResponse)
    })
    // The same event (UID) as the booking's mails: a calendar that has it from a mail adds no second.
    .get('/:id/calendar.ics', async (c) => {
      const id = c.req.param('id')
      const user = c.get('user')
      const event = idPattern.test(id) ? await bookings.eventFor(id, user.id) : undefined
      if (!event) return c.json({ error: viewingMessages.bookingNotFound } satisfies ErrorBody, 404)
      const calendar = viewingCalendar({
        event,
        method: 'REQUEST',
        publicUrl: config.publicUrl,
        reader: user,
        senderAddress: sender,
        now: now(),
      })
      return c.body(calendar, 200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'attachment; filename="viewing.ics"',
        ...privateResponse,
      })
    })
    .delete('/:id', async (c) => {
      const id = c.req.param('id')
      if (!idPattern.test(id))
        return c.json({ error: viewingMessages.bookingNotFound } satisfies ErrorBody, 404)
      try {
        await bookings.cancel(id, c.get('user').id, now())
      } catch (error) {
        return sendViewingError(c, error)
      }
      return c.body(null, 204)
    })

  return { slotsOfListing, bookingsOfSlot, bookings: bookingRoutes }
}
