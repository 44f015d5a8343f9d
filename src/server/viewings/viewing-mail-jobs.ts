// The job that sends a viewing's mails (queued by bookings.queries.ts): it reads the recipient's
// address when it runs, and mails only a verified one. A booking cancelled before its mail went
// needs neither its 'booked' mail nor its reminder; a cancellation carries what it tells, and
// always goes.
import type { Kysely } from 'kysely'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import type { JobHandlers } from '../jobs/job-queue.js'
import type { Mailer } from '../mail/mailer.js'
import { viewingMail } from './viewing-mail.js'
import { viewingMailJobKind, type ViewingMailJob } from './viewing-mail-job.js'

/** The recipient's address and whether it is verified (plan: viewing-mails.api.test.ts). */
export const viewingMailRecipientQuery = (kysely: Kysely<Database>, userId: string) =>
  kysely.selectFrom('user').select(['email', 'emailVerified']).where('id', '=', userId)

/** The booking, while it stands (plan: viewing-mails.api.test.ts). */
export const bookingStandsQuery = (kysely: Kysely<Database>, bookingId: string) =>
  kysely.selectFrom('viewing_booking').select('id').where('id', '=', bookingId)

export function createViewingMailJobs(deps: {
  db: Db
  mailer: Mailer
  publicUrl: string
  /** our sender address (MAIL_FROM's), which stands for the other party in invitations */
  senderAddress: string
}): JobHandlers {
  const { db, mailer, publicUrl, senderAddress } = deps
  const { kysely } = db

  async function sendViewingMail(payload: unknown, now: number) {
    const job = payload as ViewingMailJob
    if (job.mail !== 'cancelled') {
      const booking = await bookingStandsQuery(kysely, job.event.bookingId).executeTakeFirst()
      if (!booking) return
    }
    const recipient = await viewingMailRecipientQuery(kysely, job.recipientId).executeTakeFirst()
    // Only a verified address is surely theirs; a deleted account gets nothing.
    if (!recipient?.emailVerified) return
    await mailer.send(viewingMail({ job, to: recipient.email, publicUrl, senderAddress, now }))
  }

  return { [viewingMailJobKind]: sendViewingMail }
}
