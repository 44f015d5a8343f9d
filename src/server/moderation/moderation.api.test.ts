// Reports and moderation through the API on every database: each role on each route, the limits,
// the reports of three verified people hiding a listing, a hidden listing gone from every list and
// read, the owner's mails from a real SMTP server, and the plans of the feature's queries.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Listing, ListingPage } from '../../shared/listing'
import type { ModerationList } from '../../shared/report'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import { SmtpCatcher } from '../../../tests/support/smtp-catcher'
import {
  createTestApp,
  dialects,
  insertListing,
  requestJson,
  sendJson,
  testOrigin,
  type TestApp,
} from '../../../tests/support/test-app'
import { markEmailVerified } from '../../../tests/support/verified-email'
import { writeClientFolder } from '../../../tests/support/client-folder'
import { createApp } from '../app'
import { hiddenListingsQuery } from './hidden-listings'
import { hiddenByReportsReason } from './listing-reports'
import { openReportsQuery, reportedListingsQuery, verifiedReportersQuery } from './reports.queries'

const moderatorEmail = 'moderator@example.com'
/** Listed in MODERATOR_EMAILS, but its owner never verified it. */
const unverifiedModeratorEmail = 'not-yet@example.com'

describe.each(dialects)('reports and moderation on %s', (dialect) => {
  let t: TestApp
  let smtp: SmtpCatcher
  let owner: SignedInUser
  let moderator: SignedInUser
  let reporters: SignedInUser[]
  let unverified: SignedInUser

  beforeAll(async () => {
    smtp = await SmtpCatcher.start()
    t = await createTestApp(dialect, {
      SMTP_URL: smtp.url,
      MODERATOR_EMAILS: `${moderatorEmail},${unverifiedModeratorEmail}`,
    })
    owner = await signUpAndIn(t.context, { name: 'Olivia Owner' })
    moderator = await signUpAndIn(t.context, { name: 'Mo Moderator', email: moderatorEmail })
    reporters = []
    for (const name of ['Ann', 'Ben', 'Cat', 'Dan']) {
      reporters.push(await signUpAndIn(t.context, { name }))
    }
    unverified = await signUpAndIn(t.context, { name: 'Una Unverified' })
    for (const user of [owner, moderator, ...reporters]) await markEmailVerified(t.context, user.id)
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.stop()
  })
  afterEach(async () => {
    await t.context.db.kysely.deleteFrom('job').execute()
    smtp.mails.length = 0
  })

  const home = (fields: { status?: 'active' | 'sold' | 'rented'; name?: string } = {}) =>
    insertListing(t.context, { userRef: owner.id, name: 'Cosy Cottage', ...fields })
  const report = (
    listingId: string,
    user: SignedInUser | undefined,
    body: unknown = { reason: 'scam' },
  ) => sendJson(t.app, 'POST', `/api/listings/${listingId}/reports`, body, user?.cookie)
  const moderate = (
    listingId: string,
    action: string,
    user: SignedInUser | undefined,
    body: unknown,
  ) =>
    sendJson(t.app, 'POST', `/api/moderation/listings/${listingId}/${action}`, body, user?.cookie)
  const read = <T>(path: string, user?: SignedInUser) =>
    requestJson<T>(t.app, path, user && { headers: { Cookie: user.cookie } })
  const runJobs = () => t.context.jobs.runDue(t.context.jobHandlers, () => Date.now() + 1000)

  it('takes a report once per person, with the checks in the order of the contract', async () => {
    const { id } = await home()
    expect((await report(id, undefined)).status).toBe(401)
    expect((await report('no-such-listing', reporters[0]!)).status).toBe(404)
    expect((await report(id, owner)).status).toBe(403)
    expect((await report(id, reporters[0]!, { reason: 'ugly' })).body.fields).toHaveProperty(
      'reason',
    )
    const long = { reason: 'other', details: 'x'.repeat(1001) }
    expect((await report(id, reporters[0]!, long)).status).toBe(400)
    const first = await report(id, reporters[0]!, { reason: 'other', details: 'x'.repeat(1000) })
    expect(first.status).toBe(201)
    expect((await report(id, reporters[0]!, { reason: 'scam' })).status).toBe(409)
  })

  it('limits a person to 20 reports a day', async () => {
    const homes = []
    for (let n = 0; n < 21; n += 1) homes.push(await home({ name: `Flat ${n}` }))
    const statuses = []
    for (const each of homes) statuses.push((await report(each.id, reporters[3]!)).status)
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201))
    expect(statuses[20]).toBe(429)
  })

  it('lets only verified moderators moderate', async () => {
    const { id } = await home()
    const impostor = await signUpAndIn(t.context, { name: 'Imp', email: `other-${moderatorEmail}` })
    await markEmailVerified(t.context, impostor.id)
    const notYet = await signUpAndIn(t.context, {
      name: 'Mod Two',
      email: unverifiedModeratorEmail,
    })
    for (const [user, status] of [
      [undefined, 401],
      [impostor, 403],
      [unverified, 403],
      [notYet, 403],
      [moderator, 200],
    ] as const) {
      expect((await read('/api/moderation/reports?status=open', user)).status).toBe(status)
      const hidden = await moderate(id, 'hide', user, { reason: 'Looks like a scam' })
      expect(hidden.status).toBe(status)
      const shown = await moderate(id, 'unhide', user, {})
      expect(shown.status).toBe(status)
    }
    expect((await read('/api/moderation/reports?status=closed', moderator)).status).toBe(400)
    expect((await moderate('nothing-here', 'hide', moderator, { reason: 'x' })).status).toBe(404)
    expect((await moderate(id, 'hide', moderator, { reason: '' })).status).toBe(400)
    expect((await moderate(id, 'unhide', moderator, {})).status).toBe(409)
  })

  it('hides a listing once three different verified people reported it', async () => {
    const { id } = await home()
    expect((await report(id, reporters[0]!)).status).toBe(201)
    expect((await report(id, reporters[1]!, { reason: 'wrong-information' })).status).toBe(201)
    // An unverified account's report counts for the moderators, not for hiding.
    expect((await report(id, unverified)).status).toBe(201)
    expect((await read(`/api/listings/${id}`)).status).toBe(200)
    expect((await report(id, reporters[2]!, { reason: 'unavailable' })).status).toBe(201)
    expect((await read(`/api/listings/${id}`)).status).toBe(404)
    const seen = await read<Listing>(`/api/listings/${id}`, owner)
    expect(seen.body).toMatchObject({ status: 'hidden', hiddenReason: hiddenByReportsReason })
    const fourth = await signUpAndIn(t.context, { name: 'Eve' })
    expect((await report(id, fourth)).status).toBe(409)

    const { body } = await read<ModerationList>('/api/moderation/reports?status=open', moderator)
    const item = body.items.find((each) => each.listing.id === id)!
    expect(item.count).toBe(4)
    expect(item.reports.map((each) => each.reason)).toEqual([
      'scam',
      'wrong-information',
      'scam',
      'unavailable',
    ])
    expect(item.owner).toMatchObject({ id: owner.id, name: 'Olivia Owner', email: owner.email })
    // Dismissed: shown again as it was, and off the moderators' list.
    const dismissed = await moderate(id, 'dismiss', moderator, {})
    expect(dismissed.body).toMatchObject({ status: 'active' })
    expect((await read(`/api/listings/${id}`)).status).toBe(200)
    const after = await read<ModerationList>('/api/moderation/reports?status=open', moderator)
    expect(after.body.items.some((each) => each.listing.id === id)).toBe(false)
  })

  it('lists the most reported listings first, with the owner and their other listings', async () => {
    const once = await home({ name: 'Once Reported' })
    const twice = await home({ name: 'Twice Reported' })
    await report(once.id, reporters[0]!)
    await report(twice.id, reporters[0]!)
    await report(twice.id, reporters[1]!)
    const { body } = await read<ModerationList>('/api/moderation/reports?status=open', moderator)
    const order = body.items.map((each) => each.listing.id)
    expect(order.indexOf(twice.id)).toBeLessThan(order.indexOf(once.id))
    const item = body.items.find((each) => each.listing.id === once.id)!
    expect(item.otherListings.map((each) => each.id)).toContain(twice.id)
    expect(item.otherListings.map((each) => each.id)).not.toContain(once.id)
  })

  it('takes a hidden listing off every list and read, and shows it again as it was', async () => {
    const { id } = await home({ status: 'rented', name: 'Hidden Harbour House' })
    const visible = await home({ name: 'Visible Villa' })
    const saved = await t.app.request(`/api/favourites/${id}`, {
      method: 'PUT',
      headers: { Origin: testOrigin, Cookie: reporters[0]!.cookie },
    })
    expect(saved.status).toBe(204)
    // Cached before it is hidden: the cache must not outlive the change.
    expect((await read(`/api/listings/${id}`)).status).toBe(200)
    const ownerList = `/api/listings?userRef=${owner.id}&limit=50`
    const ids = async (path: string, user?: SignedInUser) =>
      (await read<ListingPage>(path, user)).body.items.map((each) => each.id)
    expect(await ids(ownerList)).toContain(id)

    const hidden = await moderate(id, 'hide', moderator, { reason: 'Photos of another home' })
    expect(hidden.body).toMatchObject({ status: 'hidden', hiddenReason: 'Photos of another home' })
    expect((await read(`/api/listings/${id}`)).status).toBe(404)
    expect((await read(`/api/listings/${id}`, reporters[0]!)).status).toBe(404)
    expect((await read(`/api/listings/${id}/price-history`)).status).toBe(404)
    expect((await read<Listing>(`/api/listings/${id}`, moderator)).body.status).toBe('hidden')
    expect((await read<Listing>(`/api/listings/${id}`, owner)).body).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Photos of another home',
    })
    // A visitor's list of the owner's listings leaves it out; the owner's own holds it.
    expect(await ids(ownerList)).not.toContain(id)
    expect(await ids(ownerList)).toContain(visible.id)
    expect(await ids(ownerList, reporters[0]!)).not.toContain(id)
    expect(await ids(ownerList, owner)).toContain(id)
    expect(await ids('/api/favourites', reporters[0]!)).not.toContain(id)
    const sitemap = await t.app.request('/sitemaps/listings-1.xml')
    expect(await sitemap.text()).not.toContain(id)
    // The owner cannot put it back themself.
    const reopen = await sendJson(
      t.app,
      'PATCH',
      `/api/listings/${id}/status`,
      { status: 'active' },
      owner.cookie,
    )
    expect(reopen.status).toBe(409)

    await runJobs()
    const [mail] = smtp.to(owner.email)
    expect(mail!.subject).toBe('Your listing is hidden: Hidden Harbour House')
    expect(mail!.text).toContain('Hidden by a moderator: Photos of another home')
    // Its saver hears nothing: hidden is not sold or rented.
    expect(smtp.to(reporters[0]!.email)).toEqual([])

    const hiddenList = await read<ModerationList>(
      '/api/moderation/reports?status=hidden',
      moderator,
    )
    expect(hiddenList.body.items.map((each) => each.listing.id)).toContain(id)
    const shown = await moderate(id, 'unhide', moderator, { reason: 'The owner sent proof' })
    expect(shown.body).toMatchObject({ status: 'rented' })
    expect(shown.body).not.toHaveProperty('hiddenReason')
    expect(await ids(ownerList)).toContain(id)
    await runJobs()
    expect(smtp.mails.map((each) => each.subject)).toContain(
      'Your listing is shown again: Hidden Harbour House',
    )
  })

  it("serves the moderators' page and a hidden listing's page to those who may see them", async () => {
    const pages = createApp(t.context, { clientDir: await writeClientFolder(t.dataDir) })
    const { id } = await home({ name: 'Page Of A Hidden Home' })
    await moderate(id, 'hide', moderator, { reason: 'Not a real address' })
    const status = async (path: string, user?: SignedInUser) =>
      (await pages.request(path, user && { headers: { Cookie: user.cookie } })).status
    for (const user of [undefined, owner, unverified])
      expect(await status('/moderation', user)).toBe(404)
    const page = await pages.request('/moderation', { headers: { Cookie: moderator.cookie } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>Moderation | House Marketplace</title>')

    const path = `/category/rent/${id}`
    expect(await status(path)).toBe(404)
    expect(await status(path, reporters[0]!)).toBe(404)
    expect(await status(path, owner)).toBe(200)
    expect(await status(path, moderator)).toBe(200)
    // The owner's page was not kept for the next visitor.
    expect(await status(path)).toBe(404)
  })

  it('reads the reports and the hidden listings by their indexes', async () => {
    const plans = [
      [await queryPlan(t.context.db, (trx) => reportedListingsQuery(trx, 50)), 'listing_report'],
      [await queryPlan(t.context.db, (trx) => openReportsQuery(trx, ['a', 'b'])), 'listing_report'],
      [
        await queryPlan(t.context.db, (trx) => verifiedReportersQuery(t.context.db, trx, 'a')),
        'listing_report',
      ],
      [await queryPlan(t.context.db, (trx) => hiddenListingsQuery(trx, 50)), 'hidden_listing'],
    ] as const
    for (const [plan, table] of plans) {
      expect(scansTable(plan, table), plan.join('\n')).toBe(false)
    }
  })
})
