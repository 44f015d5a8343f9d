// POST /api/listings/:id/reports for signed-in users, and /api/moderation/* for moderators (the API
// contract): the reported and the hidden listings, hide, show again, dismiss the reports.
import { privateResponse } from '../http/json-response.js'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { ZodType } from 'zod'
import { idPattern } from '../../shared/ids.js'
import type { ErrorBody } from '../../shared/error-body.js'
import {
  moderationListStatuses,
  reportLimits,
  type ModerationList as ModerationListBody,
} from '../../shared/report.js'
import { hideSchema, moderationNoteSchema, reportSchema } from '../../shared/report-schema.js'
import type { ListingQueries } from '../listings/listings.queries.js'
import type { Listing } from '../../shared/listing.js'
import type { Auth } from '../auth/auth.js'
import { requireUser, type SignedInEnv } from '../auth/session.js'
import type { RequestLimits } from '../http/rate-limit.js'
import { parseJsonBody } from '../http/validate.js'
import { ModerationError, type HiddenListings } from './hidden-listings.js'
import { ReportError, reportMessages, type ListingReports } from './listing-reports.js'
import type { ModerationList } from './moderation-list.js'
import type { Moderators } from './moderators.js'

const reportsPerDay = { name: 'reports-day', windowSeconds: 24 * 60 * 60, max: reportLimits.perDay }

export function moderationRoutes(deps: {
  auth: Auth
  moderators: Moderators
  listingReports: ListingReports
  hiddenListings: HiddenListings
  moderationList: ModerationList
  listings: Pick<ListingQueries, 'getStored'>
  requestLimits: RequestLimits
}) {
  const { auth, moderators, listingReports, hiddenListings, moderationList, requestLimits } = deps
  const { listings } = deps

  function errorResponse(c: Context, error: unknown) {
    if (error instanceof ReportError || error instanceof ModerationError) {
      return c.json({ error: error.message } satisfies ErrorBody, error.status)
    }
    throw error
  }

  const requireModerator: MiddlewareHandler<SignedInEnv> = async (c, next) => {
    if (!(await moderators.isModerator(c.get('user')))) {
      return c.json({ error: 'Only moderators may do this' } satisfies ErrorBody, 403)
    }
    await next()
  }

  /** A moderator's hide, unhide or dismissal of the listing in the path: 404, then 400. */
  function moderate<Body extends { reason?: string }>(
    schema: ZodType<Body>,
    act: (listingId: string, body: Body, moderatorId: string) => Promise<Listing>,
  ) {
    return async (c: Context<SignedInEnv>) => {
      const listingId = c.req.param('id') ?? ''
      if (!idPattern.test(listingId) || !(await listings.getStored(listingId))) {
        return c.json({ error: reportMessages.notFound } satisfies ErrorBody, 404)
      }
      const parsed = await parseJsonBody(c.req.raw, schema, 'Invalid moderation')
      if ('error' in parsed) return c.json(parsed.error, parsed.status)
      try {
        return c.json(await act(listingId, parsed.data, c.get('user').id), 200, privateResponse)
      } catch (error) {
        return errorResponse(c, error)
      }
    }
  }

  const reports = new Hono<SignedInEnv>().post('/:id/reports', requireUser(auth), async (c) => {
    const listingId = c.req.param('id')
    const reporterId = c.get('user').id
    try {
      if (!idPattern.test(listingId)) throw new ReportError(404, reportMessages.notFound)
      await listingReports.check(listingId, reporterId)
      const parsed = await parseJsonBody(c.req.raw, reportSchema, 'Invalid report')
      if ('error' in parsed) return c.json(parsed.error, parsed.status)
      const consumed = await requestLimits.consume(
        `${reportsPerDay.name}:${reporterId}`,
        reportsPerDay,
      )
      if (!consumed.allowed) {
        c.header('Retry-After', String(consumed.retryAfterSeconds))
        const error = `You can report ${reportsPerDay.max} listings a day: try again tomorrow`
        return c.json({ error } satisfies ErrorBody, 429)
      }
      const report = await listingReports.add({ listingId, reporterId, ...parsed.data })
      return c.json(report, 201, privateResponse)
    } catch (error) {
      return errorResponse(c, error)
    }
  })

  const moderation = new Hono<SignedInEnv>()
    .use('*', requireUser(auth), requireModerator)
    .get('/reports', async (c) => {
      const status = c.req.query('status') ?? 'open'
      if (!(moderationListStatuses as readonly string[]).includes(status)) {
        const error = `Choose one of: ${moderationListStatuses.join(', ')}`
        return c.json(
          { error: 'Invalid moderation query', fields: { status: error } } satisfies ErrorBody,
          400,
        )
      }
      const items = await moderationList.read(status as (typeof moderationListStatuses)[number])
      return c.json({ items } satisfies ModerationListBody, 200, privateResponse)
    })
    .post(
      '/listings/:id/hide',
      moderate(hideSchema, (listingId, { reason }, moderatorId) =>
        hiddenListings.hide(listingId, reason, moderatorId),
      ),
    )
    .post(
      '/listings/:id/unhide',
      moderate(moderationNoteSchema, (listingId) => hiddenListings.unhide(listingId)),
    )
    .post(
      '/listings/:id/dismiss',
      moderate(moderationNoteSchema, (listingId) => hiddenListings.dismissReports(listingId)),
    )

  return { reports, moderation }
}
