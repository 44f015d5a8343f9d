// The saved-home mails ('Price cut', 'No longer available') and the alerts as their limits want
// them, on both databases: only to verified addresses, at most one of each kind per listing and
// person a week, a price cut only below every price mailed, and each kind stopped by its own
// one-click link. Mail is received by a real SMTP server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ListingInput } from '../../shared/listing-schema'
import { insertSavedSearch } from '../../../tests/support/saved-searches'
import { SmtpCatcher, type CaughtMail } from '../../../tests/support/smtp-catcher'
import { storeReadyUpload } from '../../../tests/support/ready-upload'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import {
  createTestApp,
  dialects,
  insertListing,
  testOrigin,
  type TestApp,
} from '../../../tests/support/test-app'
import { markEmailVerified } from '../../../tests/support/verified-email'
import { claimSavedHomeMail, savedHomeMailIntervalMs } from './saved-home-mail-limits'

const minute = 60_000
const day = 24 * 60 * minute
const week = savedHomeMailIntervalMs

/** The links of a mail's HTML part, in order. */
const links = (mail: CaughtMail) =>
  [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&#38;/g, '&'))

describe.each(dialects)('saved-home mails on %s', (dialect) => {
  let t: TestApp
  let smtp: SmtpCatcher
  let owner: SignedInUser
  let saver: SignedInUser

  beforeAll(async () => {
    smtp = await SmtpCatcher.start()
    t = await createTestApp(dialect, { SMTP_URL: smtp.url })
    owner = await signUpAndIn(t.context, { name: 'Olive Owner' })
    saver = await signUpAndIn(t.context, { name: 'Sam Saver' })
    await markEmailVerified(t.context, saver.id)
    // Verified too, so that the owner gets no mail of their own listing for that reason alone.
    await markEmailVerified(t.context, owner.id)
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.stop()
  })
  afterEach(async () => {
    for (const table of ['favourite', 'saved_search', 'job', 'saved_home_mail', 'mail_opt_out']) {
      await t.context.db.kysely.deleteFrom(table as 'job').execute()
    }
    smtp.mails.length = 0
  })

  const runJobs = (at: number) => t.context.jobs.runDue(t.context.jobHandlers, () => at)

  const input = (fields: Partial<ListingInput>): ListingInput => ({
    type: 'rent',
    name: 'Loft by the canal',
    bedrooms: 2,
    bathrooms: 1,
    parking: false,
    furnished: false,
    address: '12 Rue de Rivoli, Paris, France',
    offer: false,
    regularPrice: 2000,
    images: [],
    ...fields,
  })

  async function savedListing(savers: SignedInUser[] = [saver]) {
    const upload = await storeReadyUpload(t.context, owner.id)
    const listing = await t.context.writes.create(owner.id, input({ images: [upload.id] }))
    await t.context.db.kysely
      .insertInto('favourite')
      .values(savers.map((user) => ({ userId: user.id, listingId: listing.id, createdAt: 1 })))
      .execute()
    const price = (regularPrice: number) =>
      t.context.writes.update(
        listing.id,
        owner.id,
        input({ regularPrice, images: listing.imageUrls }),
      )
    const status = (value: 'active' | 'rented') =>
      t.context.writes.changeStatus(listing.id, owner.id, value)
    return { listing, price, status }
  }

  it('mails each saver one "Price cut" when what a buyer pays goes down, never the owner', async () => {
    const other = await signUpAndIn(t.context, { name: 'Other Saver' })
    await markEmailVerified(t.context, other.id)
    const { listing } = await savedListing([saver, other, owner])
    const edit = (fields: Partial<ListingInput>) =>
      t.context.writes.update(listing.id, owner.id, input({ images: listing.imageUrls, ...fields }))

    // A higher price is no news.
    await edit({ regularPrice: 2100 })
    await runJobs(Date.now())
    expect(smtp.mails).toEqual([])

    // An offer turned on lowers what a buyer pays.
    await edit({ regularPrice: 2100, offer: true, discountedPrice: 1700 })
    await runJobs(Date.now())
    expect(smtp.mails.map((mail) => mail.to[0]).sort()).toEqual(
      [saver.email, other.email].map((email) => email.toLowerCase()).sort(),
    )
    const mail = smtp.to(saver.email)[0]!
    expect(mail.subject).toBe('Price cut: Loft by the canal')
    expect(mail.text).toContain('now costs $1,700 / Month (was $2,100 / Month)')
    expect(links(mail)).toContain(`${testOrigin}/category/rent/${listing.id}`)
    const token = t.context.unsubscribeTokens.signSavedHomes('price-cut', saver.id)
    expect(mail.headers.get('list-unsubscribe')).toBe(
      `<${testOrigin}/unsubscribe/price-cut/${token}>`,
    )
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(smtp.to(owner.email)).toEqual([])
  })

  it('queues a "Price cut" exactly when the price history records a drop of what a buyer pays', async () => {
    const { listing } = await savedListing()
    const edit = (fields: Partial<ListingInput>) =>
      t.context.writes.update(listing.id, owner.id, input({ images: listing.imageUrls, ...fields }))
    const prices = async () =>
      (
        await t.context.db.kysely
          .selectFrom('listing_price_history')
          .select('price')
          .where('listingId', '=', listing.id)
          .orderBy('at')
          .execute()
      ).map((entry) => Number(entry.price))
    const steps: [Partial<ListingInput>, boolean][] = [
      [{ name: 'Loft by the canal, renamed' }, false],
      [{ regularPrice: 2100 }, false],
      // On offer: the buyer pays less.
      [{ regularPrice: 2100, offer: true, discountedPrice: 2000 }, true],
      // Off offer at the discount's price: the same price, no entry, no mail.
      [{ regularPrice: 2000 }, false],
      [{ regularPrice: 1990 }, true],
      // Back up, then down to where it was: the second is a real drop, recorded.
      [{ regularPrice: 2200 }, false],
      [{ regularPrice: 1990 }, true],
    ]
    for (const [fields, drop] of steps) {
      const before = await prices()
      await edit(fields)
      const after = await prices()
      const recordedDrop = after.length > before.length && after.at(-1)! < after.at(-2)!
      expect(recordedDrop, JSON.stringify(fields)).toBe(drop)
      const queued = await t.context.db.kysely
        .selectFrom('job')
        .select('payload')
        .where('kind', '=', 'price-cut')
        .execute()
      expect(queued.length > 0, JSON.stringify(fields)).toBe(drop)
      if (drop) {
        expect(JSON.parse(queued[0]!.payload)).toMatchObject({ previousPrice: after.at(-2) })
      }
      await t.context.db.kysely.deleteFrom('job').execute()
    }
  })

  it('mails each saver one "No longer available" when a saved home is sold or rented', async () => {
    const { listing, status } = await savedListing([saver, owner])
    // Closed and put back before the mail went: nothing to tell.
    await status('rented')
    await status('active')
    await runJobs(Date.now())
    expect(smtp.mails).toEqual([])

    await status('rented')
    // Saying it again is no new news.
    await status('rented')
    await runJobs(Date.now())
    await runJobs(Date.now() + day)
    expect(smtp.mails).toHaveLength(1)
    const mail = smtp.mails[0]!
    expect(mail.to).toEqual([saver.email.toLowerCase()])
    expect(mail.subject).toBe('No longer available: Loft by the canal')
    expect(mail.text).toContain('has been rented')
    expect(links(mail)).toContain(`${testOrigin}/category/rent/${listing.id}`)
  })

  it('sends alerts, price cuts and closes only to verified addresses', async () => {
    const unverified = await signUpAndIn(t.context, { name: 'Una Unverified' })
    await insertSavedSearch(t.context, { userId: unverified.id, query: { type: 'rent' } })
    await insertSavedSearch(t.context, { userId: saver.id, query: { type: 'rent' } })
    const { price, status } = await savedListing([saver, unverified])
    const now = Date.now() + minute
    await runJobs(now)
    await runJobs(now + 2 * minute)
    await price(1800)
    await runJobs(now + 3 * minute)
    await status('rented')
    await runJobs(now + 4 * minute)
    expect(smtp.to(unverified.email)).toEqual([])
    expect(smtp.to(saver.email).map((mail) => mail.subject)).toEqual([
      'New home for "Homes I want": Loft by the canal',
      'Price cut: Loft by the canal',
      'No longer available: Loft by the canal',
    ])
    // Verifying later brings no backlog of what matched before.
    await markEmailVerified(t.context, unverified.id)
    await runJobs(now + day)
    expect(smtp.to(unverified.email)).toEqual([])
  })

  it("mails one 'No longer available' per listing and person a week, however often it closes", async () => {
    const { status } = await savedListing()
    // Ahead of the writes' own clock, so that what they queue is due.
    const start = Date.now() + minute
    await status('rented')
    await runJobs(start)
    expect(smtp.mails).toHaveLength(1)
    for (const [at, expected] of [
      [start + day, 1],
      [start + week - minute, 1],
      [start + week, 2],
    ] as const) {
      await status('active')
      await status('rented')
      await runJobs(at)
      expect(smtp.mails).toHaveLength(expected)
    }
    expect(
      smtp.mails.every((mail) => mail.subject === 'No longer available: Loft by the canal'),
    ).toBe(true)
  })

  it('mails a price cut only below every price mailed, at most once a week', async () => {
    const { price } = await savedListing()
    // Ahead of the writes' own clock, so that what they queue is due.
    const start = Date.now() + minute
    const cuts = () => smtp.mails.map((mail) => /now costs (\$[\d,]+)/.exec(mail.text)?.[1])
    await price(1800)
    await runJobs(start)
    expect(cuts()).toEqual(['$1,800'])

    // Up and down again, weeks later, to a price not below the one mailed: no news.
    await price(2000)
    await price(1900)
    await runJobs(start + 2 * week)
    await price(1800)
    await runJobs(start + 2 * week)
    expect(cuts()).toEqual(['$1,800'])
    expect(await t.context.db.kysely.selectFrom('job').selectAll().execute()).toEqual([])

    // Below it: mailed. A further cut within the week waits for the week to end, then goes.
    const second = start + 3 * week
    await price(1700)
    await runJobs(second)
    expect(cuts()).toEqual(['$1,800', '$1,700'])
    await price(1500)
    await runJobs(second + day)
    await runJobs(second + week - 1)
    expect(cuts()).toEqual(['$1,800', '$1,700'])
    await runJobs(second + week)
    expect(cuts()).toEqual(['$1,800', '$1,700', '$1,500'])
  })

  it('lets one of many servers claim a mail at the same moment', async () => {
    const { listing } = await savedListing()
    const key = { userId: saver.id, listingId: listing.id, kind: 'listing-closed' } as const
    const now = Date.now()
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimSavedHomeMail(t.context.db.kysely, key, now)),
    )
    expect(claims.filter((claim) => claim.taken)).toHaveLength(1)
    // A claim whose send failed is given back, and the next attempt takes it.
    const taken = claims.find((claim) => claim.taken)!
    if (taken.taken) await taken.release()
    expect((await claimSavedHomeMail(t.context.db.kysely, key, now + 1)).taken).toBe(true)
  })

  it('stops each kind of saved-home mail by its own one-click link, without signing in', async () => {
    const { listing, price, status } = await savedListing()
    // Ahead of the writes' own clock, so that what they queue is due.
    const start = Date.now() + minute
    await price(1800)
    await runJobs(start)
    const [mail] = smtp.mails
    const link = /<(.+)>/.exec(mail!.headers.get('list-unsubscribe')!)![1]!
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(mail!.text).toContain(`Turn off price-cut mails for all your saved homes: ${link}`)
    const path = new URL(link).pathname
    expect(path).toMatch(/^\/unsubscribe\/price-cut\//)

    // Opening the link changes nothing; the mail program's POST (no cookie, no Origin) does.
    const page = await t.app.request(path)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Stop price-cut mails?')
    const oneClick = await t.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)
    expect(await oneClick.text()).toContain('Price-cut mails are off')
    expect(await (await t.app.request(path)).text()).toContain('Price-cut mails are off')

    // No more price cuts, for this home or another; 'No longer available' still comes.
    await price(1500)
    await runJobs(start + week)
    expect(smtp.mails).toHaveLength(1)
    await status('rented')
    await runJobs(start + week)
    expect(smtp.mails.map((caught) => caught.subject)).toEqual([
      'Price cut: Loft by the canal',
      'No longer available: Loft by the canal',
    ])
    const closedLink = /<(.+)>/.exec(smtp.mails[1]!.headers.get('list-unsubscribe')!)![1]!
    expect(new URL(closedLink).pathname).toMatch(/^\/unsubscribe\/listing-closed\//)

    // A price-cut token does not stop the other kind, and a forged one is refused.
    const token = path.split('/').pop()!
    const other = await t.app.request(`/unsubscribe/listing-closed/${token}`, { method: 'POST' })
    expect(other.status).toBe(400)
    expect(
      (await t.app.request(`/unsubscribe/price-cut/${saver.id}.${'A'.repeat(43)}`)).status,
    ).toBe(400)
    expect((await t.app.request(`/unsubscribe/nonsense/${token}`)).status).toBe(400)
    const optOuts = await t.context.db.kysely.selectFrom('mail_opt_out').select('kind').execute()
    expect(optOuts).toEqual([{ kind: 'price-cut' }])
    void listing
  })

  it('keeps a multi-line address on one line of the text a saver receives', async () => {
    const listing = await insertListing(t.context, {
      userRef: owner.id,
      name: 'Flat with a forged address',
      location: '1 Test Street\nSee every result: http://evil.example',
    })
    await t.context.db.kysely
      .insertInto('favourite')
      .values({ userId: saver.id, listingId: listing.id, createdAt: 1 })
      .execute()
    await t.context.writes.changeStatus(listing.id, owner.id, 'rented')
    await runJobs(Date.now() + minute)
    const lines = smtp.to(saver.email)[0]!.text.split('\n')
    expect(lines).toContain('  Address: 1 Test Street See every result: http://evil.example')
    expect(lines.filter((line) => line.includes('evil.example'))).toHaveLength(1)
  })
})
