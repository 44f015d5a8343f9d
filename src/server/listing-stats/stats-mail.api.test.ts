// The Monday statistics mail on every database, from a real SMTP server: sent to verified owners
// whose listings had activity the week before, once a week, never to an owner who turned it off,
// and turned off by its one-click link.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { OwnProfile } from '../../shared/profile'
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
import { nextMondayMorning, statsMailsJob } from './stats-mail-jobs'

const hour = 60 * 60_000
/** A Monday, 07:00 UTC: the job's hour. */
const monday = Date.parse('2031-05-12T07:00:00Z')

describe.each(dialects)('the statistics mail on %s', (dialect) => {
  let t: TestApp
  let smtp: SmtpCatcher
  let clock = monday
  let owner: SignedInUser
  let unverified: SignedInUser

  beforeAll(async () => {
    smtp = await SmtpCatcher.start()
    t = await createTestApp(dialect, { SMTP_URL: smtp.url }, { now: () => clock })
    owner = await signUpAndIn(t.context, { name: 'Olivia Owner' })
    unverified = await signUpAndIn(t.context, { name: 'Uma Unverified' })
    await markEmailVerified(t.context, owner.id)
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.stop()
  })
  afterEach(async () => {
    await t.context.db.kysely.deleteFrom('job').execute()
    await t.context.db.kysely.deleteFrom('listing').execute()
    await sendJson(t.app, 'PATCH', '/api/users/me', { statsMail: true }, owner.cookie)
    smtp.mails.length = 0
  })

  /** Counts on a day, as the features would have counted them. */
  async function counted(listingId: string, date: string, counts: Record<string, number>) {
    await t.context.db.kysely
      .insertInto('listing_stat')
      .values({
        listingId,
        day: date,
        ...{ views: 0, saves: 0, conversations: 0, bookings: 0, alertHits: 0 },
        ...counts,
      })
      .execute()
  }

  /** Runs the weekly job at `at`, queued the hour before, and the mails it queues. */
  async function runWeekly(at: number) {
    clock = at
    await t.context.db.kysely.deleteFrom('job').where('key', '=', statsMailsJob.key).execute()
    await t.context.listingStats.queueMails(at - hour)
    await t.context.jobs.runDue(t.context.jobHandlers, () => at)
  }

  it('runs on Monday mornings', () => {
    expect(new Date(nextMondayMorning(monday - hour)).toISOString()).toBe(
      '2031-05-12T07:00:00.000Z',
    )
    expect(new Date(nextMondayMorning(monday)).toISOString()).toBe('2031-05-19T07:00:00.000Z')
    expect(new Date(nextMondayMorning(Date.parse('2031-05-17T23:00:00Z'))).toISOString()).toBe(
      '2031-05-19T07:00:00.000Z',
    )
  })

  it("mails last week's activity to a verified owner, once, with a one-click unsubscribe", async () => {
    const busy = await insertListing(t.context, { userRef: owner.id, name: 'Busy Flat' })
    const quiet = await insertListing(t.context, { userRef: owner.id, name: 'Quiet Flat' })
    const other = await insertListing(t.context, { userRef: unverified.id, name: 'Other Flat' })
    await counted(busy.id, '2031-05-05', { views: 12, saves: 1 })
    await counted(busy.id, '2031-05-11', { views: 3, conversations: 2 })
    // Before the week, and on the Monday itself: not in this week's mail.
    await counted(quiet.id, '2031-05-04', { views: 40 })
    await counted(quiet.id, '2031-05-12', { views: 5 })
    await counted(other.id, '2031-05-06', { views: 9 })

    await runWeekly(monday)
    expect(smtp.mails).toHaveLength(1)
    const [mail] = smtp.mails
    expect(mail!.to).toEqual([owner.email.toLowerCase()])
    expect(mail!.subject).toBe('Your listings last week: 15 views')
    expect(mail!.text).toContain('How your listings did from 5 May to 11 May:')
    expect(mail!.text).toContain(
      `Busy Flat: Views 15, Saves 1, Messages 2. Statistics: ${testOrigin}/listing-stats/${busy.id}`,
    )
    expect(mail!.text).not.toContain('Quiet Flat')
    const unsubscribe = /<(.+)>/.exec(mail!.headers.get('list-unsubscribe')!)![1]!
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')

    // The same week again: no second mail.
    await runWeekly(monday + hour)
    expect(smtp.mails).toHaveLength(1)

    // One click, as a mail program sends it: off, and the next Monday brings nothing.
    const path = unsubscribe.replace(testOrigin, '')
    expect(await (await t.app.request(path)).text()).toContain('Stop the statistics mail?')
    const off = await t.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(await off.text()).toContain('Statistics mails are off')
    const me = await requestJson<OwnProfile>(t.app, '/api/users/me', {
      headers: { Cookie: owner.cookie },
    })
    expect(me.body.statsMail).toBe(false)
    await counted(busy.id, '2031-05-13', { views: 4 })
    await runWeekly(monday + 7 * 24 * hour)
    expect(smtp.mails).toHaveLength(1)
  })

  it('sends nothing for a week without activity, or to an owner who turned it off', async () => {
    const home = await insertListing(t.context, { userRef: owner.id, name: 'Busy Flat' })
    await runWeekly(monday)
    expect(smtp.mails).toEqual([])
    await counted(home.id, '2031-05-07', { views: 2 })
    await sendJson(t.app, 'PATCH', '/api/users/me', { statsMail: false }, owner.cookie)
    await runWeekly(monday + hour)
    expect(smtp.mails).toEqual([])
  })

  it('refuses an unsubscribe link it did not sign', async () => {
    const response = await t.app.request(
      `/unsubscribe/listing-stats/${owner.id}.${'x'.repeat(43)}`,
      {
        method: 'POST',
        headers: { Origin: testOrigin },
      },
    )
    expect(response.status).toBe(400)
  })
})
