// A viewing as an iCalendar file (RFC 5545), for the booking mails and the 'Add to calendar'
// download: one event whose UID stays the same from the booking to its cancellation, so that a
// calendar replaces the event it holds rather than adding a second one.
//
// Privacy: a file carries no address but the reader's own and our sender's. The other party is
// named, and reached through our sender address, so that neither the file nor a calendar's
// Accept or Decline reply hands one person's address to the other.
import { createEvent, type Attendee, type EventAttributes } from 'ics'
import { formatViewingTime } from '../../shared/viewing-time.js'
import { listingUrl } from '../mail/mail-links.js'
import { oneLine } from '../mail/mail-text.js'
import type { ViewingEvent } from './viewing-mail-job.js'

/** REQUEST adds or updates the event in the reader's calendar; CANCEL removes it. */
export type CalendarMethod = 'REQUEST' | 'CANCEL'

export interface ViewingCalendar {
  event: ViewingEvent
  method: CalendarMethod
  publicUrl: string
  /** the person the file is for, who may read their own address in it */
  reader: { id: string; email: string }
  /** our sender address (MAIL_FROM's), which stands for the other party */
  senderAddress: string
  /** DTSTAMP: when the file is made, in ms */
  now: number
}

/** The event's UID, the same in every file and mail about one booking. */
export const viewingUid = (bookingId: string, publicUrl: string) =>
  `booking-${bookingId}@${new URL(publicUrl).hostname}`

/** A cancellation outranks the booking it cancels (RFC 5546's SEQUENCE). */
const sequences: Record<CalendarMethod, number> = { REQUEST: 0, CANCEL: 1 }

/**
 * A name as a quoted parameter value (CN): RFC 6868's caret escapes for what may not appear
 * between the quotes, which `ics` writes as they are.
 */
const parameterText = (name: string) => oneLine(name, 80).replace(/\^/g, '^^').replace(/"/g, "^'")

/** The whole VCALENDAR text, with CRLF line ends. */
export function viewingCalendar(options: ViewingCalendar): string {
  const { event, method, publicUrl, reader, senderAddress } = options
  const link = listingUrl(publicUrl, event.listing)
  const name = oneLine(event.listing.name, 100)
  const address = oneLine(event.listing.location, 160)
  const time = formatViewingTime(event.start, event.minutes, event.timeZone)
  const addressOf = (person: { id: string }) =>
    person.id === reader.id ? reader.email : senderAddress
  const booker: Attendee = {
    name: parameterText(event.booker.name),
    email: addressOf(event.booker),
    role: 'REQ-PARTICIPANT',
    partstat: 'ACCEPTED',
    rsvp: false,
  }
  const description = [
    `${method === 'CANCEL' ? 'Cancelled: viewing' : 'Viewing'} of "${name}": ${time}.`,
    `Address: ${address}`,
    `Visitor: ${oneLine(event.booker.name, 60)}. Owner: ${oneLine(event.owner.name, 60)}.`,
    `The home in House Marketplace: ${link}`,
  ].join('\n')
  // `timestamp` is DTSTAMP: `ics` takes it, though its types leave it out.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: '-//House Marketplace//Viewings//EN',
    method,
    uid: viewingUid(event.bookingId, publicUrl),
    sequence: sequences[method],
    timestamp: options.now,
    start: event.start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: event.start + event.minutes * 60_000,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Viewing: ${name}`,
    location: address,
    url: link,
    description,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: parameterText(event.owner.name), email: addressOf(event.owner) },
    attendees: [booker],
  }
  const { error, value } = createEvent(attributes)
  // Every value above is ours or made safe: a failure here is a bug.
  if (error || !value) throw error ?? new Error('The iCalendar writer gave nothing')
  return value
}
