// The mails of a booking, as jobs (jobs/job-queue.ts) queued in the transaction of the booking or
// its cancellation: each party's mail is one job with its own key, so it is sent once whichever
// server runs it. The job carries what the mail says, so that a cancellation is told even when
// the booking, or its listing, is gone by the time it runs.
import type { Participant } from '../../shared/conversation.js'
import type { ListingType } from '../../shared/listing.js'
import type { NewJob } from '../jobs/job-queue.js'

export const viewingMailJobKind = 'viewing-mail'

/** The viewing a mail is about: what the booking was when it was made or cancelled. */
export interface ViewingEvent {
  bookingId: string
  slotId: string
  listing: { id: string; type: ListingType; name: string; location: string }
  /** milliseconds since the epoch */
  start: number
  minutes: number
  /** the listing's IANA time zone */
  timeZone: string
  booker: Participant
  owner: Participant
}

export type ViewingMail = 'booked' | 'cancelled' | 'reminder'

export interface ViewingMailJob {
  mail: ViewingMail
  recipientId: string
  event: ViewingEvent
  /** for a cancellation: who cancelled (the booker, or the owner, also by closing the listing) */
  cancelledBy?: 'booker' | 'owner'
  /** for a cancellation by closing the listing: its new status */
  closedAs?: 'sold' | 'rented'
}

export const viewingMailJobKey = (job: Pick<ViewingMailJob, 'mail' | 'recipientId' | 'event'>) =>
  `${viewingMailJobKind}:${job.mail}:${job.event.bookingId}:${job.recipientId}`

/** A reminder goes this long before the viewing, to the booker. */
export const reminderBeforeMs = 24 * 60 * 60 * 1000

const job = (payload: ViewingMailJob, runAt: number): NewJob => ({
  key: viewingMailJobKey(payload),
  kind: viewingMailJobKind,
  payload,
  runAt,
})

/** A new booking's mails: both parties at once, and the booker's reminder when it is not too late. */
export function bookedMailJobs(event: ViewingEvent, now: number): NewJob[] {
  const jobs = [
    job({ mail: 'booked', recipientId: event.booker.id, event }, now),
    job({ mail: 'booked', recipientId: event.owner.id, event }, now),
  ]
  const remindAt = event.start - reminderBeforeMs
  if (remindAt > now)
    jobs.push(job({ mail: 'reminder', recipientId: event.booker.id, event }, remindAt))
  return jobs
}

/** A cancellation's mails, to both parties at once. */
export function cancelledMailJobs(
  event: ViewingEvent,
  now: number,
  cause: Pick<ViewingMailJob, 'cancelledBy' | 'closedAs'>,
): NewJob[] {
  return [event.booker.id, event.owner.id].map((recipientId) =>
    job({ mail: 'cancelled', recipientId, event, ...cause }, now),
  )
}
