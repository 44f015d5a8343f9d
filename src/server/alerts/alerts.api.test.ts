// Saved-search alerts and saved-home mails end to end in one process, on both databases: listings
// written through the app's own writes, jobs run with a chosen clock, mail received by a real SMTP
// server and parsed.
import { photoCheckJobKind } from '../moderation/copied-photos'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startAlertTestApp, type AlertTestApp } from '../../../tests/support/alert-test-app'
import type { ListingInput } from '../../shared/listing-schema'
import { insertSavedSearch } from '../../../tests/support/saved-searches'
import type { CaughtMail, SmtpCatcher } from '../../../tests/support/smtp-catcher'
import { storeReadyUpload } from '../../../tests/support/ready-upload'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import type { SignedInUser } from '../../../tests/support/sign-in'
import { dialects, sendJson, testOrigin, type TestApp } from '../../../tests/support/test-app'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { savedListingQuery } from '../favourites/favourites.queries'
import { listingStatusesQuery } from '../listings/listing-statuses.queries'
import { savedSearchByIdQuery } from '../saved-searches/saved-searches.queries'
import { userEmailQuery } from '../users/users.queries'
import { mailOptOutQuery } from './mail-opt-outs.queries'
import { pendingMatchesQuery } from './alert-jobs'
import { alertCandidatesQuery } from '../saved-searches/alert-candidates.queries'
import { nextDigestAt } from './listing-alerts'

const minute = 60_000
const day = 24 * 60 * minute

/** The links of a mail's HTML part, in order. */
function links(mail: CaughtMail): string[] {
  return [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&#38;/g, '&'))
}

describe.each(dialects)('alerts on %s', (dialect) => {
  let app: AlertTestApp | undefined
  let t: TestApp
  let smtp: SmtpCatcher
  let owner: SignedInUser
  let buyer: SignedInUser

  beforeAll(async () => {
    app = await startAlertTestApp(dialect)
    ;({ t, smtp, owner, buyer } = app)
  })
  afterAll(() => app?.close())
  afterEach(async () => {
    // Every test starts with no saved searches, no queued jobs and an empty mailbox.
    await t.context.db.kysely.deleteFrom('saved_search').execute()
    await t.context.db.kysely.deleteFrom('favourite').execute()
    await t.context.db.kysely.deleteFrom('job').execute()
    await t.context.db.kysely.deleteFrom('saved_home_mail').execute()
    await t.context.db.kysely.deleteFrom('mail_opt_out').execute()
    smtp.mails.length = 0
  })

  /** Runs the jobs due at `at`, but the photo checks of new listings (moderation/ tests them). */
  const runJobs = async (at: number) => {
    await t.context.db.kysely.deleteFrom('job').where('kind', '=', photoCheckJobKind).execute()
    return t.context.jobs.runDue(t.context.jobHandlers, () => at)
  }

  const listingInput = (fields: Partial<ListingInput>): ListingInput => ({
    type: 'rent',
    name: 'Sunny flat by Rivoli',
    bedrooms: 2,
    bathrooms: 1,
    parking: true,
    furnished: false,
    address: '12 Rue de Rivoli, Paris, France',
    offer: false,
    regularPrice: 1800,
    images: [],
    ...fields,
  })

  async function createListing(fields: Partial<ListingInput> = {}, user = owner) {
    const upload = await storeReadyUpload(t.context, user.id)
    return t.context.writes.create(user.id, listingInput({ images: [upload.id], ...fields }))
  }

  it('mails an instant alert within ALERT_DELAY_SECONDS, naming the listing with its links', async () => {
    const search = await insertSavedSearch(t.context, {
      userId: buyer.id,
      name: 'Paris rentals',
      query: { type: 'rent', q: 'rívoli', maxPrice: '2000', minBedrooms: '2', parking: 'true' },
    })
    const listing = await createListing()
    // The worker matches it (within a second of the create)…
    const matched = Date.now()
    expect(await runJobs(matched)).toBe(1)
    // …and the mail is not due before the delay (60 s by default).
    expect(await runJobs(matched + 59 * 1000)).toBe(0)
    expect(smtp.mails).toEqual([])

    await runJobs(matched + 60 * 1000)
    expect(smtp.mails).toHaveLength(1)
    const [mail] = smtp.mails as [CaughtMail]
    expect(mail.to).toEqual([buyer.email.toLowerCase()])
    expect(mail.subject).toBe(`New home for "Paris rentals": ${listing.name}`)
    const listingUrl = `${testOrigin}/category/rent/${listing.id}`
    const searchUrl = `${testOrigin}/search?type=rent&q=r%C3%ADvoli&maxPrice=2000&minBedrooms=2&parking=true`
    expect(mail.text).toContain(`* ${listing.name}\n  Price: $1,800 / Month\n`)
    expect(mail.text).toContain(listingUrl)
    expect(mail.text).toContain(searchUrl)
    expect(links(mail)).toContain(listingUrl)
    expect(links(mail)).toContain(searchUrl)
    // The owner's statistics count the mail that carried the listing.
    const counted = await t.context.db.kysely
      .selectFrom('listing_stat')
      .select('alertHits')
      .where('listingId', '=', listing.id)
      .execute()
    expect(counted).toEqual([{ alertHits: 1 }])
    // The cover as the share image's JPEG: mail programs show no WebP.
    const folder = /\/images\/([^/]+)\/w1200\.webp$/.exec(listing.imageUrls[0]!)![1]!
    expect(mail.html).toContain(
      `<img class="cover" src="${testOrigin}/share-images/${folder}/1200x630.jpg"`,
    )

    // RFC 8058: the unsubscribe link in the headers is the one in the mail.
    const unsubscribe = `${testOrigin}/unsubscribe/${t.context.unsubscribeTokens.sign(search.id)}`
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`)
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(links(mail)).toContain(unsubscribe)
    expect(mail.text).toContain(unsubscribe)

    // Sent once: running the queue again (on any server, any time) sends nothing more.
    expect(await runJobs(matched + day)).toBe(0)
    expect(smtp.mails).toHaveLength(1)
  })

  it('alerts a search saved through the API, with its sort kept in the search link', async () => {
    const saved = await sendJson(
      t.app,
      'POST',
      '/api/saved-searches',
      {
        name: 'By price',
        query: { type: 'rent', q: 'Rivoli', sort: 'price-asc' },
        alerts: 'instant',
      },
      buyer.cookie,
    )
    expect(saved.status).toBe(201)
    const listing = await createListing()
    await runJobs(Date.now())
    await runJobs(Date.now() + 2 * minute)
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]!.subject).toBe(`New home for "By price": ${listing.name}`)
    expect(smtp.mails[0]!.text).toContain(`${testOrigin}/search?type=rent&q=Rivoli&sort=price-asc`)
  })

  it('records a match once, and never for a listing that does not match or is the searcher’s own', async () => {
    const search = await insertSavedSearch(t.context, {
      userId: buyer.id,
      query: { type: 'rent', maxPrice: '2000' },
    })
    await insertSavedSearch(t.context, {
      userId: owner.id,
      query: { type: 'rent' },
    })
    const listing = await createListing()
    await createListing({ type: 'sale', name: 'House for sale in Paris' })
    await createListing({ regularPrice: 2500, name: 'Dearer flat by Rivoli' })
    await runJobs(Date.now())
    const matches = await t.context.db.kysely
      .selectFrom('saved_search_match')
      .select(['savedSearchId', 'listingId'])
      .execute()
    expect(matches).toEqual([{ savedSearchId: search.id, listingId: listing.id }])
    await runJobs(Date.now())
    await runJobs(Date.now() + 2 * minute)
    expect(smtp.mails.map((mail) => mail.to)).toEqual([[buyer.email.toLowerCase()]])
    expect(smtp.to(owner.email)).toEqual([])

    // Matching again (a worker killed before it marked the match job done) announces nothing twice.
    await t.context.listingAlerts.matchListing(listing, Date.now())
    await runJobs(Date.now() + 2 * minute)
    expect(smtp.mails).toHaveLength(1)

    // An edit that still matches (or reopening) announces nothing again.
    await t.context.writes.update(
      listing.id,
      owner.id,
      listingInput({
        name: 'Sunny flat by Rivoli, new',
        regularPrice: 1900,
        images: listing.imageUrls,
      }),
    )
    await runJobs(Date.now())
    await runJobs(Date.now() + 2 * minute)
    expect(smtp.mails).toHaveLength(1)
  })

  it('joins the matches that come while a mail waits, and names 10 with "And N more"', async () => {
    await insertSavedSearch(t.context, {
      userId: buyer.id,
      name: 'Anything to rent',
      query: { type: 'rent' },
    })
    const listings = []
    for (let index = 0; index < 12; index += 1) {
      listings.push(await createListing({ name: `Flat number ${String(index).padStart(2, '0')}` }))
    }
    await runJobs(Date.now())
    await runJobs(Date.now() + 2 * minute)
    expect(smtp.mails).toHaveLength(1)
    const [mail] = smtp.mails as [CaughtMail]
    expect(mail.subject).toBe('12 new homes for "Anything to rent"')
    // The newest ten are named, the two oldest only counted.
    const named = listings.slice(2)
    for (const listing of named) expect(mail.text).toContain(listing.name)
    for (const listing of listings.slice(0, 2)) expect(mail.text).not.toContain(listing.name)
    expect(mail.text).toContain(`And 2 more.\nSee every result: ${testOrigin}/search?type=rent\n`)
    expect(mail.html).toContain('And 2 more.')
    expect(links(mail)).toContain(`${testOrigin}/search?type=rent`)
    expect(mail.html.match(/<img /g)).toHaveLength(10)
  })

  it('sends a daily digest at the time of day the search was saved, once a day', async () => {
    const savedAt = Date.now() - 3 * 60 * minute
    await insertSavedSearch(t.context, {
      userId: buyer.id,
      name: 'Daily rentals',
      alerts: 'daily',
      query: { type: 'rent' },
      createdAt: savedAt,
    })
    const first = await createListing({ name: 'First daily flat' })
    const matched = Date.now()
    await runJobs(matched)
    const digestAt = nextDigestAt(savedAt, matched)
    expect(digestAt).toBe(savedAt + day)
    expect(await runJobs(digestAt - 1)).toBe(0)
    await runJobs(digestAt)
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]!.subject).toBe(`Today's homes for "Daily rentals": 1 new home`)
    expect(smtp.mails[0]!.text).toContain(first.name)

    // What matches after the digest goes in the next one, a day later.
    await createListing({ name: 'Second daily flat' })
    await runJobs(digestAt + minute)
    const job = await t.context.db.kysely
      .selectFrom('job')
      .select('runAt')
      .executeTakeFirstOrThrow()
    expect(job.runAt).toBe(savedAt + 2 * day)
  })

  it('sends nothing for a search whose alerts are off, and records no match for it', async () => {
    await insertSavedSearch(t.context, { userId: buyer.id, alerts: 'off', query: {} })
    await createListing()
    await runJobs(Date.now() + day)
    expect(smtp.mails).toEqual([])
    expect(
      await t.context.db.kysely.selectFrom('saved_search_match').selectAll().execute(),
    ).toEqual([])
  })

  it('unsubscribes by the link (GET shows a button, POST turns alerts off) and by RFC 8058', async () => {
    const search = await insertSavedSearch(t.context, {
      userId: buyer.id,
      name: 'Quiet <please>',
      query: { type: 'rent' },
    })
    await createListing()
    await runJobs(Date.now())
    await runJobs(Date.now() + 2 * minute)
    const link = /Turn off these alerts: (\S+)/.exec(smtp.mails[0]!.text)![1]!
    const path = new URL(link).pathname
    const alerts = async () =>
      (
        await t.context.db.kysely
          .selectFrom('saved_search')
          .select('alerts')
          .where('id', '=', search.id)
          .executeTakeFirstOrThrow()
      ).alerts

    // Opening the link (a mail scanner does) changes nothing: it shows a one-button form.
    const page = await t.app.request(path)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
    const html = await page.text()
    expect(html).toContain('&#34;Quiet &#60;please&#62;&#34;')
    expect(html).not.toContain('<please>')
    expect(html).toMatch(/<form method="post">[\s\S]*<button type="submit">Stop alerts<\/button>/)
    expect(await alerts()).toBe('instant')
    // Styled by a file of our own origin, as the Content-Security-Policy wants.
    expect(html).toContain('<link rel="stylesheet" href="/unsubscribe/page.css">')
    const css = await t.app.request('/unsubscribe/page.css')
    expect(css.headers.get('content-type')).toContain('text/css')

    // The mail program's one-click POST: no cookie, no Origin.
    const oneClick = () =>
      t.app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
    const first = await oneClick()
    expect(first.status).toBe(200)
    expect(await first.text()).toContain('You will get no more alerts')
    expect(await alerts()).toBe('off')
    expect((await oneClick()).status).toBe(200)
    const again = await t.app.request(path)
    expect(await again.text()).toContain('Alerts are off')

    // A new match is not mailed any more.
    await createListing({ name: 'Flat after unsubscribing' })
    await runJobs(Date.now())
    await runJobs(Date.now() + 2 * minute)
    expect(smtp.mails).toHaveLength(1)

    // A token we did not sign is 400; a signed one of a deleted search is 404.
    const forged = `${search.id}.${'A'.repeat(43)}`
    expect((await t.app.request(`/unsubscribe/${forged}`, { method: 'POST' })).status).toBe(400)
    expect((await t.app.request('/unsubscribe/nonsense')).status).toBe(400)
    await t.context.db.kysely.deleteFrom('saved_search').where('id', '=', search.id).execute()
    expect((await oneClick()).status).toBe(404)
    expect((await t.app.request(path)).status).toBe(404)
  })

  it('retries with back-off while the SMTP server is down, then delivers once', async () => {
    await insertSavedSearch(t.context, { userId: buyer.id, query: { type: 'rent' } })
    const listing = await createListing({ name: 'Flat sent after an outage' })
    await runJobs(Date.now())
    await smtp.stop()
    const start = Date.now() + 2 * minute
    const quiet = console.warn
    console.warn = () => {}
    try {
      expect(await runJobs(start)).toBe(1)
      // Waiting 1 s, then 2 s: not due before.
      expect(await runJobs(start + 999)).toBe(0)
      expect(await runJobs(start + 1000)).toBe(1)
      expect(await runJobs(start + 1000 + 1999)).toBe(0)
      const job = await t.context.db.kysely
        .selectFrom('job')
        .select(['attempts', 'lastError', 'runAt'])
        .executeTakeFirstOrThrow()
      expect(job.attempts).toBe(2)
      expect(job.lastError).toBeTruthy()
    } finally {
      console.warn = quiet
    }
    await smtp.listen()
    expect(await runJobs(start + 3000)).toBe(1)
    expect(await runJobs(start + day)).toBe(0)
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]!.text).toContain(listing.name)
  })

  it('finds the candidate searches through their indexes, one range per kind of place', async () => {
    const plan = await queryPlan(t.context.db, (trx) =>
      alertCandidatesQuery(trx, {
        type: 'rent',
        name: 'Sunny flat',
        location: 'Paris',
        geolocation: { lat: 48.86, lng: 2.35 },
        userRef: owner.id,
        price: 1500,
      }),
    )
    const text = plan.join('\n')
    for (const index of [
      'saved_search_alert_words',
      'saved_search_cell_alerts',
      'saved_search_alert_candidates',
    ]) {
      expect(text).toContain(index)
    }
    expect(scansTable(plan, 'saved_search')).toBe(false)
    expect(scansTable(plan, 'saved_search_cell')).toBe(false)
    // A saved search's waiting matches: by the match key's first column, each listing by its key.
    const pending = await queryPlan(t.context.db, (trx) => pendingMatchesQuery(trx, 'some-id'))
    expect(scansTable(pending, 'saved_search_match')).toBe(false)
    const statuses = await queryPlan(t.context.db, (trx) =>
      listingStatusesQuery(trx, ['some-listing', 'another-listing']),
    )
    expect(scansTable(statuses, 'listing')).toBe(false)
  })

  it("reads a saver's save, address and opt-out, and a saved search, each by its key", async () => {
    const reads = {
      favourite: (trx: Kysely<Database>) => savedListingQuery(trx, 'some-user', 'some-listing'),
      user: (trx: Kysely<Database>) => userEmailQuery(trx, 'some-user'),
      mail_opt_out: (trx: Kysely<Database>) => mailOptOutQuery(trx, 'some-user', 'price-cut'),
      saved_search: (trx: Kysely<Database>) => savedSearchByIdQuery(trx, 'some-id'),
    }
    for (const [table, read] of Object.entries(reads)) {
      const plan = await queryPlan(t.context.db, read)
      expect(scansTable(plan, table), plan.join('\n')).toBe(false)
    }
  })
})
