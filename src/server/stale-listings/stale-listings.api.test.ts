// Stale listings on every database, with the server's clock moved by days: the 'Still available?'
// mail after 60 days unconfirmed (from a real SMTP server), its links without signing in, the
// listing expiring 14 days later with no reply, its savers not told, and its owner relisting it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Listing, ListingPage } from '../../shared/listing'
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
import { listingsToAskQuery, listingsToExpireQuery } from './stale-listings.queries'
import { staleListingsJob } from './stale-listings'

const day = 24 * 60 * 60_000
/** The day the test's listings are published. */
const published = Date.parse('2031-03-01T09:00:00Z')

describe.each(dialects)('stale listings on %s', (dialect) => {
  let t: TestApp
  let smtp: SmtpCatcher
  let clock = published
  let owner: SignedInUser
  let saver: SignedInUser

  beforeAll(async () => {
    smtp = await SmtpCatcher.start()
    t = await createTestApp(dialect, { SMTP_URL: smtp.url }, { now: () => clock })
    owner = await signUpAndIn(t.context, { name: 'Olivia Owner' })
    saver = await signUpAndIn(t.context, { name: 'Sam Saver' })
    for (const user of [owner, saver]) await markEmailVerified(t.context, user.id)
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.stop()
  })
  afterEach(async () => {
    await t.context.db.kysely.deleteFrom('job').execute()
    await t.context.db.kysely.deleteFrom('listing').execute()
    smtp.mails.length = 0
  })

  /** Moves the clock to `days` after publication and runs the stale listings' job, and its mails. */
  async function daysLater(days: number) {
    clock = published + days * day
    await t.context.db.kysely.deleteFrom('job').where('key', '=', staleListingsJob.key).execute()
    await t.context.staleListings.queue(clock - 60 * 60_000)
    await t.context.jobs.runDue(t.context.jobHandlers, () => clock)
  }

  const home = (name: string, type: 'rent' | 'sale' = 'sale') =>
    insertListing(t.context, { userRef: owner.id, name, type, timestamp: published })
  const status = async (id: string) =>
    (await requestJson<Listing>(t.app, `/api/listings/${id}`)).body.status
  const linksOf = (text: string) => ({
    keep: /Yes, keep it listed: (\S+)/.exec(text)![1]!.replace('http://localhost:3000', ''),
    close: /Mark as (?:sold|rented): (\S+)/.exec(text)![1]!.replace('http://localhost:3000', ''),
  })
  const save = async (id: string) => {
    const response = await t.app.request(`/api/favourites/${id}`, {
      method: 'PUT',
      headers: { Origin: testOrigin, Cookie: saver.cookie },
    })
    expect(response.status).toBe(204)
  }
  const follow = async (url: string, method: 'GET' | 'POST') => {
    const response = await t.app.request(url, { method, headers: { Origin: testOrigin } })
    return { status: response.status, html: await response.text() }
  }

  it('asks the owner after 60 days, once, and keeps the listing listed from the mail', async () => {
    const { id } = await home('Quiet Cottage by the Lake')
    await daysLater(59)
    expect(smtp.mails).toEqual([])
    await daysLater(61)
    const [mail, ...more] = smtp.to(owner.email)
    expect(more).toEqual([])
    expect(mail!.subject).toBe('Still available? Quiet Cottage by the Lake')
    await daysLater(62)
    expect(smtp.mails).toHaveLength(1)

    const { keep } = linksOf(mail!.text)
    // Opening the link (as a mail scanner does) only asks.
    const page = await follow(keep, 'GET')
    expect(page.status).toBe(200)
    expect(page.html).toContain('Yes, keep it listed</button>')
    await daysLater(75)
    expect(await status(id)).toBe('active')
    clock = published + 70 * day
    expect((await follow(keep, 'POST')).html).toContain('It stays listed')
    expect((await follow(keep, 'GET')).html).toContain('It stays listed')
    await daysLater(80)
    expect(await status(id)).toBe('active')
    // Asked again 60 days after the reply, and the old mail's links are out of date.
    await daysLater(131)
    expect(smtp.to(owner.email)).toHaveLength(2)
    expect((await follow(keep, 'POST')).status).toBe(400)
    expect(await follow('/still-available/made-up.123.abc/keep', 'GET')).toMatchObject({
      status: 400,
    })
  })

  it('expires it 14 days after the mail with no reply, tells no saver, and lets the owner relist it', async () => {
    const { id } = await home('Forgotten Flat in the Centre', 'rent')
    await save(id)
    await daysLater(60.5)
    expect(smtp.to(owner.email)).toHaveLength(1)
    await daysLater(74)
    expect(await status(id)).toBe('active')
    await daysLater(75)
    expect(await status(id)).toBe('expired')
    // Off the market: its page stays; the public lists leave it out, the owner's holds it.
    const list = await requestJson<ListingPage>(t.app, '/api/listings?type=rent')
    expect(list.body.items.map((item) => item.id)).not.toContain(id)
    const visitors = await requestJson<ListingPage>(t.app, `/api/listings?userRef=${owner.id}`)
    expect(visitors.body.items.map((item) => item.id)).not.toContain(id)
    const own = await requestJson<ListingPage>(t.app, `/api/listings?userRef=${owner.id}`, {
      headers: { Cookie: owner.cookie },
    })
    expect(own.body.items.map((item) => item.id)).toContain(id)
    expect(smtp.to(saver.email)).toEqual([])

    const relisted = await sendJson(
      t.app,
      'PATCH',
      `/api/listings/${id}/status`,
      { status: 'active' },
      owner.cookie,
    )
    expect(relisted.body).toMatchObject({ status: 'active' })
    // Relisting confirms it: the next question is 60 days on.
    await daysLater(100)
    expect(smtp.to(owner.email)).toHaveLength(1)
    expect(await status(id)).toBe('active')
  })

  it('marks it rented from the mail, even once expired, and then tells its savers', async () => {
    const { id } = await home('Little House With a Garden', 'rent')
    await save(id)
    await daysLater(61)
    const { close, keep } = linksOf(smtp.to(owner.email)[0]!.text)
    expect((await follow(close, 'GET')).html).toContain('Mark as rented</button>')
    await daysLater(76)
    expect(await status(id)).toBe('expired')
    expect((await follow(close, 'POST')).html).toContain('Marked as rented')
    expect(await status(id)).toBe('rented')
    await t.context.jobs.runDue(t.context.jobHandlers, () => clock + 1000)
    expect(smtp.to(saver.email).map((mail) => mail.subject)).toEqual([
      'No longer available: Little House With a Garden',
    ])
    // Rented: it cannot be kept listed from the mail.
    expect((await follow(keep, 'POST')).status).toBe(409)
  })

  it('reads the listings to ask and to expire by their indexes', async () => {
    for (const [plan, table] of [
      [await queryPlan(t.context.db, (trx) => listingsToAskQuery(trx, published, 200)), 'listing'],
      [
        await queryPlan(t.context.db, (trx) => listingsToExpireQuery(trx, published, 200)),
        'stale_listing',
      ],
    ] as const) {
      expect(scansTable(plan, table), plan.join('\n')).toBe(false)
    }
  })
})
