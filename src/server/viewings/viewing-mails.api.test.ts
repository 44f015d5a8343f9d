// A viewing's mails end to end on both databases: booked and cancelled through the API, jobs run
// with a chosen clock, mail received by a real SMTP server and its invitation read by a real
// iCalendar parser. Also the 'Add to calendar' download, which holds the same event.
import ICAL from 'ical.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Booking, ViewingSlotList } from '../../shared/viewing'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import { SmtpCatcher, type CaughtMail } from '../../../tests/support/smtp-catcher'
import {
  createTestApp,
  dialects,
  insertListing,
  sendJson,
  type TestApp,
} from '../../../tests/support/test-app'
import { markEmailVerified } from '../../../tests/support/verified-email'
import { bookingDetailsQuery } from './bookings.queries'
import { bookingStandsQuery, viewingMailRecipientQuery } from './viewing-mail-jobs'

const hour = 3600_000
const day = 24 * hour
/** The server's clock: Sunday 1 Dec 2030, noon. */
const today = Date.parse('2030-12-01T12:00:00Z')
/** Sat 14 Dec 2030, 10:00 in Paris (UTC+1 in winter). */
const saturday = Date.parse('2030-12-14T09:00:00Z')
const saturdayWords = 'Sat 14 Dec, 10:00–10:30, Paris time'

/** The event of an iCalendar text, as a calendar program reads it. */
function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const [vevent, ...more] = calendar.getAllSubcomponents('vevent')
  expect(more).toEqual([])
  const value = (name: string) => vevent!.getFirstPropertyValue(name)
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: value('uid'),
    sequence: Number(value('sequence')),
    status: value('status'),
    start: (value('dtstart') as ICAL.Time).toJSDate().getTime(),
    end: (value('dtend') as ICAL.Time).toJSDate().getTime(),
    summary: value('summary'),
    location: value('location'),
    url: value('url'),
  }
}

/** The mail's calendar part and its invite.ics, which must hold the same text. */
function invitation(mail: CaughtMail) {
  const part = mail.attachments.find((each) => each.contentType === 'text/calendar')
  const file = mail.attachments.find((each) => each.filename === 'invite.ics')
  expect(part).toBeDefined()
  expect(file?.content).toBe(part!.content)
  return { ...readCalendar(part!.content), partMethod: part!.method }
}

describe.each(dialects)('viewing mails on %s', (dialect) => {
  let t: TestApp
  let smtp: SmtpCatcher
  let clock = today
  let owner: SignedInUser
  let booker: SignedInUser
  let second: SignedInUser

  beforeAll(async () => {
    smtp = await SmtpCatcher.start()
    t = await createTestApp(dialect, { SMTP_URL: smtp.url }, { now: () => clock })
    owner = await signUpAndIn(t.context, { name: 'Olivia Landlord' })
    booker = await signUpAndIn(t.context, { name: 'Ana Asker' })
    second = await signUpAndIn(t.context, { name: 'Ben Buyer' })
    for (const user of [owner, booker, second]) await markEmailVerified(t.context, user.id)
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.stop()
  })
  afterEach(async () => {
    await t.context.db.kysely.deleteFrom('job').execute()
    smtp.mails.length = 0
    clock = today
  })

  /** Runs the jobs due at `at`, but the conversation's message mails (their own tests cover them). */
  async function runJobs(at: number) {
    await t.context.db.kysely.deleteFrom('job').where('kind', '=', 'message-mail').execute()
    await t.context.jobs.runDue(t.context.jobHandlers, () => at)
  }
  const subjects = () => smtp.mails.map((mail) => [mail.to[0], mail.subject])

  /** A new listing of the owner with one slot on Saturday: its ids. */
  async function openHouse(name = 'Sunny Flat', capacity = 5) {
    const listing = await insertListing(t.context, {
      userRef: owner.id,
      name,
      location: '5 Rue Oberkampf, Paris',
    })
    const slots = [{ start: new Date(saturday).toISOString(), minutes: 30, capacity }]
    const response = await sendJson(
      t.app,
      'PUT',
      `/api/listings/${listing.id}/viewing-slots`,
      { slots },
      owner.cookie,
    )
    expect(response.status).toBe(200)
    const [slot] = (response.body as unknown as ViewingSlotList).items
    return { listing, slotId: slot!.id }
  }
  async function book(slotId: string, user: SignedInUser) {
    const path = `/api/viewing-slots/${slotId}/bookings`
    const response = await sendJson(t.app, 'POST', path, {}, user.cookie)
    expect(response.status).toBe(201)
    return response.body as unknown as Booking
  }
  async function cancel(bookingId: string, user: SignedInUser) {
    const response = await t.app.request(`/api/bookings/${bookingId}`, {
      method: 'DELETE',
      headers: { Origin: 'http://localhost:3000', Cookie: user.cookie },
    })
    expect(response.status).toBe(204)
  }
  const calendarOf = (bookingId: string, user?: SignedInUser) =>
    t.app.request(`/api/bookings/${bookingId}/calendar.ics`, {
      headers: user ? { Cookie: user.cookie } : {},
    })

  it('mails both parties once each, with a REQUEST invitation of the viewing', async () => {
    const { listing, slotId } = await openHouse()
    const booking = await book(slotId, booker)
    await runJobs(clock)
    await runJobs(clock + 1000)
    const subject = `Viewing booked: Sunny Flat — ${saturdayWords}`
    expect(subjects().sort()).toEqual(
      [
        [booker.email.toLowerCase(), subject],
        [owner.email.toLowerCase(), subject],
      ].sort(),
    )
    const [toBooker] = smtp.to(booker.email)
    const [toOwner] = smtp.to(owner.email)
    const link = `http://localhost:3000/category/rent/${listing.id}`
    expect(toBooker!.text.split('\n')).toEqual(
      expect.arrayContaining([
        `You booked a viewing of "Sunny Flat" with Olivia Landlord: ${saturdayWords}.`,
        'Address: 5 Rue Oberkampf, Paris',
        `See the home: ${link}`,
        'Your viewings: http://localhost:3000/viewings',
      ]),
    )
    expect(toOwner!.text.split('\n')).toContain(
      `Ana Asker booked a viewing of your home "Sunny Flat": ${saturdayWords}.`,
    )
    expect(toOwner!.html).toContain('Ana Asker booked a viewing of your home')
    // One Message-ID per mail and reader: a resend after a crash is the same message.
    expect(toBooker!.headers.get('message-id')).toBe(
      `<viewing-booked.${booking.id}.${booker.id}@localhost>`,
    )
    expect(toOwner!.headers.get('message-id')).toBe(
      `<viewing-booked.${booking.id}.${owner.id}@localhost>`,
    )

    for (const mail of [toBooker!, toOwner!]) {
      expect(invitation(mail)).toEqual({
        method: 'REQUEST',
        partMethod: 'REQUEST',
        uid: `booking-${booking.id}@localhost`,
        sequence: 0,
        status: 'CONFIRMED',
        start: saturday,
        end: saturday + 30 * 60_000,
        summary: 'Viewing: Sunny Flat',
        location: '5 Rue Oberkampf, Paris',
        url: link,
      })
    }
    // The owner's address is not in the visitor's invitation, nor the visitor's in the owner's.
    expect(JSON.stringify(toBooker!.attachments)).not.toContain(owner.email)
    expect(JSON.stringify(toOwner!.attachments)).not.toContain(booker.email)
  })

  it('mails no unverified address', async () => {
    const unverified = await signUpAndIn(t.context, { name: 'Una Unverified' })
    const { slotId } = await openHouse()
    await book(slotId, unverified)
    await runJobs(clock)
    expect(smtp.mails.map((mail) => mail.to[0])).toEqual([owner.email.toLowerCase()])
  })

  it("cancels with a CANCEL of the same UID, saying who cancelled, to each party's words", async () => {
    const { slotId } = await openHouse()
    const booking = await book(slotId, booker)
    await runJobs(clock)
    const booked = invitation(smtp.to(booker.email)[0]!)
    smtp.mails.length = 0

    clock += hour
    await cancel(booking.id, booker)
    await runJobs(clock)
    const subject = `Viewing cancelled: Sunny Flat — ${saturdayWords}`
    expect(subjects().sort()).toEqual(
      [
        [booker.email.toLowerCase(), subject],
        [owner.email.toLowerCase(), subject],
      ].sort(),
    )
    expect(smtp.to(booker.email)[0]!.text).toContain(
      `You cancelled your viewing of "Sunny Flat": ${saturdayWords}.`,
    )
    expect(smtp.to(owner.email)[0]!.text).toContain(
      `Ana Asker cancelled their viewing of your home "Sunny Flat": ${saturdayWords}.`,
    )
    for (const mail of smtp.mails) {
      const cancelled = invitation(mail)
      expect(cancelled).toMatchObject({
        method: 'CANCEL',
        partMethod: 'CANCEL',
        status: 'CANCELLED',
        uid: booked.uid,
        start: saturday,
      })
      expect(cancelled.sequence).toBeGreaterThan(booked.sequence)
    }

    // Cancelled by the owner, the words say so.
    smtp.mails.length = 0
    const again = await book(slotId, booker)
    await cancel(again.id, owner)
    await runJobs(clock)
    expect(smtp.to(booker.email).map((mail) => mail.text.split('\n')[0])).toEqual([
      `Olivia Landlord cancelled your viewing of "Sunny Flat": ${saturdayWords}.`,
    ])
    expect(smtp.to(owner.email).map((mail) => mail.text.split('\n')[0])).toEqual([
      `You cancelled Ana Asker's viewing of your home "Sunny Flat": ${saturdayWords}.`,
    ])
  })

  it('sends no booked mail for a booking cancelled before it went, only the cancellation', async () => {
    const { slotId } = await openHouse()
    const booking = await book(slotId, booker)
    await cancel(booking.id, booker)
    await runJobs(clock)
    expect(smtp.mails.map((mail) => mail.subject)).toEqual([
      `Viewing cancelled: Sunny Flat — ${saturdayWords}`,
      `Viewing cancelled: Sunny Flat — ${saturdayWords}`,
    ])
  })

  it('reminds the visitor 24 hours before, not earlier, and not after a cancellation', async () => {
    const { slotId } = await openHouse()
    const kept = await book(slotId, booker)
    const dropped = await book(slotId, second)
    await runJobs(clock)
    expect(smtp.mails).toHaveLength(4)
    await cancel(dropped.id, second)
    await runJobs(clock)
    smtp.mails.length = 0

    await runJobs(saturday - day - 1000)
    expect(smtp.mails).toEqual([])
    await runJobs(saturday - day)
    expect(subjects()).toEqual([
      [booker.email.toLowerCase(), `Tomorrow: viewing of Sunny Flat — ${saturdayWords}`],
    ])
    const [reminder] = smtp.mails
    expect(reminder!.text.split('\n')[0]).toBe(
      `Tomorrow you visit "Sunny Flat" with Olivia Landlord: ${saturdayWords}.`,
    )
    expect(invitation(reminder!)).toMatchObject({
      method: 'REQUEST',
      uid: `booking-${kept.id}@localhost`,
    })
    // Nothing is left to send.
    await runJobs(saturday)
    expect(smtp.mails).toHaveLength(1)
  })

  it('closing a listing sends both parties of each future booking a CANCEL saying it is rented', async () => {
    const { listing, slotId } = await openHouse('Corner House')
    const first = await book(slotId, booker)
    const other = await book(slotId, second)
    await runJobs(clock)
    smtp.mails.length = 0

    const closed = await sendJson(
      t.app,
      'PATCH',
      `/api/listings/${listing.id}/status`,
      { status: 'rented' },
      owner.cookie,
    )
    expect(closed.status).toBe(200)
    await runJobs(clock)
    const subject = `Viewing cancelled: Corner House — ${saturdayWords}`
    expect(smtp.mails.every((mail) => mail.subject === subject)).toBe(true)
    expect(smtp.to(booker.email).map((mail) => mail.text.split('\n')[0])).toEqual([
      `Your viewing of "Corner House" on ${saturdayWords} is cancelled: the home is now rented.`,
    ])
    expect(smtp.to(second.email)).toHaveLength(1)
    expect(
      smtp
        .to(owner.email)
        .map((mail) => mail.text.split('\n')[0])
        .sort(),
    ).toEqual([
      `Ana Asker's viewing of your home "Corner House" on ${saturdayWords} is cancelled: you marked it rented.`,
      `Ben Buyer's viewing of your home "Corner House" on ${saturdayWords} is cancelled: you marked it rented.`,
    ])
    const uids = smtp.mails.map((mail) => {
      const cancelled = invitation(mail)
      expect(cancelled).toMatchObject({ method: 'CANCEL', status: 'CANCELLED' })
      return cancelled.uid
    })
    expect(uids.sort()).toEqual(
      [first.id, first.id, other.id, other.id].map((id) => `booking-${id}@localhost`).sort(),
    )
    // The reminders of the cancelled bookings do not go either.
    smtp.mails.length = 0
    await runJobs(saturday - day)
    expect(smtp.mails).toEqual([])
  })

  it("downloads the booking's event for its booker and the owner only", async () => {
    const { slotId } = await openHouse()
    const booking = await book(slotId, booker)
    await runJobs(clock)
    const mailedText = smtp
      .to(booker.email)[0]!
      .attachments.find((each) => each.contentType === 'text/calendar')!.content

    expect((await calendarOf(booking.id)).status).toBe(401)
    const stranger = await calendarOf(booking.id, second)
    expect(stranger.status).toBe(404)
    expect(await stranger.json()).toEqual({ error: 'Booking not found' })
    expect((await calendarOf('no-such-booking', booker)).status).toBe(404)
    expect((await calendarOf('bad%20id', booker)).status).toBe(404)

    for (const user of [booker, owner]) {
      const response = await calendarOf(booking.id, user)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="viewing.ics"')
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      expect(readCalendar(await response.text())).toEqual(readCalendar(mailedText))
    }

    // Gone once cancelled.
    await cancel(booking.id, booker)
    expect((await calendarOf(booking.id, booker)).status).toBe(404)
  })

  it('reads the recipient, the booking and its event by their primary keys', async () => {
    // SQLite names a primary key's index itself, PostgreSQL `{table}_pkey`; SQLite's plan names
    // a table by its alias, PostgreSQL's by its name (quoted: "user").
    const byKey = (table: string, alias = table) =>
      dialect === 'sqlite'
        ? new RegExp(
            `SEARCH ${alias} USING (COVERING )?INDEX sqlite_autoindex_${table}_\\d \\(id=\\?\\)`,
          )
        : new RegExp(`Index (Only )?Scan using ${table}_pkey on "?${table}"?`)
    const readsByKey = (plan: string[], table: string, alias?: string) =>
      expect(plan.join('\n')).toMatch(byKey(table, alias))

    const recipient = await queryPlan(t.context.db, (trx) =>
      viewingMailRecipientQuery(trx, owner.id),
    )
    readsByKey(recipient, 'user')
    expect(recipient.join('\n')).not.toMatch(/SCAN user\b|Seq Scan/)
    const stands = await queryPlan(t.context.db, (trx) => bookingStandsQuery(trx, 'some-id'))
    readsByKey(stands, 'viewing_booking')
    expect(scansTable(stands, 'viewing_booking'), stands.join('\n')).toBe(false)
    const event = await queryPlan(t.context.db, (trx) =>
      bookingDetailsQuery(trx).where('booking.id', '=', 'some-id'),
    )
    readsByKey(event, 'viewing_booking', 'booking')
    readsByKey(event, 'viewing_slot', 'slot')
    readsByKey(event, 'listing')
    expect(event.join('\n')).not.toMatch(/\bSCAN \w+\b(?! USING)|Seq Scan/)
  })
})
