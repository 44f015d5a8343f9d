// The job that mails a person about messages they have not read (queued with each message by
// conversations.queries.ts): one mail a conversation until they read it. It reads what is true
// when it runs, sends, and only then marks the mail sent, so that a crash before the mark sends
// again rather than never; the job's claim keeps two servers from running it at once.
import type { Kysely } from 'kysely'
import { unsubscribeUrl } from '../mail/mail-links.js'
import type { UnsubscribeTokens } from '../mail/unsubscribe-token.js'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import type { JobHandlers } from '../jobs/job-queue.js'
import type { Mailer } from '../mail/mailer.js'
import { messageMailJobKind, type MessageMailJob } from './message-writes.js'
import { messageMail, messagesPerMail } from './message-mail.js'

/** The recipient's side of the conversation, with what the mail needs of them (plan: tests). */
export const mailRecipientQuery = (
  kysely: Kysely<Database>,
  { conversationId, userId }: MessageMailJob,
) =>
  kysely
    .selectFrom('conversation_member as member')
    .innerJoin('conversation', 'conversation.id', 'member.conversationId')
    .innerJoin('listing', 'listing.id', 'conversation.listingId')
    .innerJoin('user', 'user.id', 'member.userId')
    .leftJoin('contact_preference as preference', 'preference.userId', 'member.userId')
    .select([
      'member.unread',
      'member.unreadSince',
      'member.mailedAt',
      'listing.name as listingName',
      'user.email',
      'user.emailVerified',
      'preference.messageMails',
    ])
    .where('member.conversationId', '=', conversationId)
    .where('member.userId', '=', userId)

/** The latest messages to the recipient since `since`, newest first (plan: tests). */
export const unreadMessagesQuery = (kysely: Kysely<Database>, job: MessageMailJob, since: number) =>
  kysely
    .selectFrom('message')
    .innerJoin('user', 'user.id', 'message.senderId')
    .select(['message.body', 'user.name as senderName'])
    .where('message.conversationId', '=', job.conversationId)
    .where('message.at', '>=', since)
    .where('message.senderId', '!=', job.userId)
    .orderBy('message.at', 'desc')
    .orderBy('message.id', 'desc')
    .limit(messagesPerMail)

export function createMessageMailJobs(deps: {
  db: Db
  mailer: Mailer
  publicUrl: string
  unsubscribeTokens: UnsubscribeTokens
  /** how long a message waits unread before its recipient is mailed */
  mailDelaySeconds: number
}): JobHandlers {
  const { db, mailer, publicUrl, unsubscribeTokens } = deps
  const { kysely } = db
  const delayMs = deps.mailDelaySeconds * 1000

  async function sendMessageMail(payload: unknown, now: number) {
    const job = payload as MessageMailJob
    const recipient = await mailRecipientQuery(kysely, job).executeTakeFirst()
    // Gone, read, or already mailed since they last read: nothing to send.
    if (
      !recipient ||
      Number(recipient.unread) === 0 ||
      recipient.unreadSince === null ||
      recipient.mailedAt !== null
    ) {
      return
    }
    // Read and written to again since the job was queued: the new message waits its own delay.
    const due = Number(recipient.unreadSince) + delayMs
    if (due > now) return { nextRunAt: due }
    // Only a verified address is surely theirs; no row means message mails are on.
    const turnedOff = recipient.messageMails !== null && !recipient.messageMails
    if (!recipient.emailVerified || turnedOff) return
    const since = Number(recipient.unreadSince)
    const messages = (await unreadMessagesQuery(kysely, job, since).execute()).reverse()
    const latest = messages.at(-1)
    if (!latest) return
    await mailer.send(
      messageMail({
        to: recipient.email,
        publicUrl,
        conversationId: job.conversationId,
        senderName: latest.senderName,
        listingName: recipient.listingName,
        messages: messages.map((message) => message.body),
        unread: Number(recipient.unread),
        unsubscribeUrl: unsubscribeUrl(
          publicUrl,
          `messages/${unsubscribeTokens.signMessages(job.userId)}`,
        ),
      }),
    )
    // Unless they read it meanwhile: then the next message mails them again.
    await kysely
      .updateTable('conversation_member')
      .set({ mailedAt: now })
      .where('conversationId', '=', job.conversationId)
      .where('userId', '=', job.userId)
      .where('mailedAt', 'is', null)
      .where('unread', '>', 0)
      .execute()
  }

  return { [messageMailJobKind]: sendMessageMail }
}
