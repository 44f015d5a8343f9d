// The viewing's iCalendar file as a calendar program reads it: parsed by ical.js, a real
// RFC 5545 parser, not matched as text.
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { viewingCalendar, viewingUid, type ViewingCalendar } from './viewing-calendar'
import type { ViewingEvent } from './viewing-mail-job'

const publicUrl = 'https://homes.example.com'
const senderAddress = 'no-reply@homes.example.com'
/** Sat 14 Dec 2030, 10:00–10:30 in Paris (UTC+1 in winter). */
const start = Date.parse('2030-12-14T09:00:00Z')
const now = Date.parse('2030-12-01T08:00:00Z')

const event: ViewingEvent = {
  bookingId: 'booking1',
  slotId: 'slot1',
  listing: { id: 'home1', type: 'rent', name: 'Sunny Flat', location: '5 Rue Oberkampf, Paris' },
  start,
  minutes: 30,
  timeZone: 'Europe/Paris',
  booker: { id: 'ana', name: 'Ana Asker' },
  owner: { id: 'olivia', name: 'Olivia Landlord' },
}
const booker = { id: 'ana', email: 'ana@example.org' }
const owner = { id: 'olivia', email: 'olivia@example.org' }

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const vevents = calendar.getAllSubcomponents('vevent')
  expect(vevents).toHaveLength(1)
  const vevent = vevents[0]!
  const value = (name: string) => vevent.getFirstPropertyValue(name)
  const person = (name: string) =>
    vevent.getAllProperties(name).map((property) => ({
      name: property.getParameter('cn'),
      // The scheme's case does not matter (RFC 3986); `ics` writes the organizer's in capitals.
      address: String(property.getFirstValue()).replace(/^mailto:/i, 'mailto:'),
    }))
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: value('uid'),
    sequence: value('sequence'),
    status: value('status'),
    start: (value('dtstart') as ICAL.Time).toJSDate().getTime(),
    startIsUtc: (value('dtstart') as ICAL.Time).zone === ICAL.Timezone.utcTimezone,
    end: (value('dtend') as ICAL.Time).toJSDate().getTime(),
    summary: value('summary'),
    location: value('location'),
    url: value('url'),
    description: value('description') as string,
    organizer: person('organizer'),
    attendees: person('attendee'),
  }
}

const calendar = (options: Partial<ViewingCalendar> = {}) =>
  viewingCalendar({
    event,
    method: 'REQUEST',
    publicUrl,
    reader: booker,
    senderAddress,
    now,
    ...options,
  })

describe('viewingCalendar', () => {
  it('writes a booking as a REQUEST of one event in UTC, with its address and link', () => {
    const text = calendar()
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true)
    const parsed = parse(text)
    expect(parsed).toMatchObject({
      method: 'REQUEST',
      uid: 'booking-booking1@homes.example.com',
      sequence: 0,
      status: 'CONFIRMED',
      start,
      startIsUtc: true,
      end: start + 30 * 60_000,
      summary: 'Viewing: Sunny Flat',
      location: '5 Rue Oberkampf, Paris',
      url: 'https://homes.example.com/category/rent/home1',
    })
    expect(parsed.description.split('\n')).toEqual([
      'Viewing of "Sunny Flat": Sat 14 Dec, 10:00–10:30, Paris time.',
      'Address: 5 Rue Oberkampf, Paris',
      'Visitor: Ana Asker. Owner: Olivia Landlord.',
      'The home in House Marketplace: https://homes.example.com/category/rent/home1',
    ])
    expect(text).toContain('DTSTART:20301214T090000Z')
    expect(text).toContain('DTEND:20301214T093000Z')
    expect(text).toContain('DTSTAMP:20301201T080000Z')
  })

  it("names both parties and shows no address but the reader's own and the sender's", () => {
    const forBooker = parse(calendar({ reader: booker }))
    expect(forBooker.organizer).toEqual([
      { name: 'Olivia Landlord', address: `mailto:${senderAddress}` },
    ])
    expect(forBooker.attendees).toEqual([{ name: 'Ana Asker', address: 'mailto:ana@example.org' }])

    const forOwner = calendar({ reader: owner })
    expect(parse(forOwner).organizer).toEqual([
      { name: 'Olivia Landlord', address: 'mailto:olivia@example.org' },
    ])
    expect(parse(forOwner).attendees).toEqual([
      { name: 'Ana Asker', address: `mailto:${senderAddress}` },
    ])
    expect(forOwner).not.toContain('ana@example.org')
  })

  it('cancels with the same UID, a higher SEQUENCE and STATUS:CANCELLED', () => {
    const booked = parse(calendar())
    const cancelled = parse(calendar({ method: 'CANCEL' }))
    expect(cancelled).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: booked.uid })
    expect(Number(cancelled.sequence)).toBeGreaterThan(Number(booked.sequence))
    expect(cancelled.description).toMatch(/^Cancelled: viewing of "Sunny Flat": Sat 14 Dec/)
    expect(viewingUid('booking1', 'http://localhost:3000')).toBe('booking-booking1@localhost')
  })

  it('escapes commas, semicolons, backslashes, line breaks, quotes and emoji in what users wrote', () => {
    const name = 'Flat, 2nd floor; "sea view" \\ 🏖️\nATTENDEE:mailto:evil@example.com'
    const location = '1 Quai, Nice;\r\nFrance 🇫🇷'
    const text = calendar({
      event: {
        ...event,
        listing: { ...event.listing, name, location },
        booker: { id: 'ana', name: 'Ana "A;na", ^Asker\nORGANIZER:mailto:x@example.com' },
      },
    })
    // No value adds a line of its own: the forged properties stay inside their values.
    expect(text).not.toMatch(/\r\n(ATTENDEE|ORGANIZER):mailto:(evil|x)@/)
    const parsed = parse(text)
    expect(parsed.summary).toBe(
      'Viewing: Flat, 2nd floor; "sea view" \\ 🏖️ ATTENDEE:mailto:evil@example.com',
    )
    expect(parsed.location).toBe('1 Quai, Nice; France 🇫🇷')
    expect(parsed.attendees).toEqual([
      {
        name: 'Ana "A;na", ^Asker ORGANIZER:mailto:x@example.com',
        address: 'mailto:ana@example.org',
      },
    ])
    expect(parsed.organizer).toHaveLength(1)
    expect(parsed.description.split('\n')[0]).toBe(
      'Viewing of "Flat, 2nd floor; "sea view" \\ 🏖️ ATTENDEE:mailto:evil@example.com": Sat 14 Dec, 10:00–10:30, Paris time.',
    )
    expect(text).toContain('SUMMARY:Viewing: Flat\\, 2nd floor\\; "sea view" \\\\ 🏖️')
  })

  it('folds a long name without splitting a character', () => {
    const name = '🏡'.repeat(90)
    const text = calendar({ event: { ...event, listing: { ...event.listing, name } } })
    expect(text).toMatch(/\r\n\t🏡/)
    expect(text).not.toContain('\uFFFD')
    expect(parse(text).summary).toBe(`Viewing: ${name}`)
  })
})
