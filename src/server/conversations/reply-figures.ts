// How a landlord replies: the share of the conversations started with them in the last 90 days
// that they wrote in, and the median time to their first message. Read for their public page.
import type { Kysely } from 'kysely'
import { replyFigureRules, type ReplyFigures } from '../../shared/landlord-profile.js'
import type { Database } from '../db/schema.js'

const dayMs = 24 * 60 * 60 * 1000
const minuteMs = 60 * 1000

/**
 * The reply figures of `ownerId` at `now`, or null below the minimum number of conversations. A
 * conversation not replied to yet counts as not replied, however new: what an asker sees too.
 */
export async function readReplyFigures(
  kysely: Kysely<Database>,
  ownerId: string,
  now: number,
): Promise<ReplyFigures | null> {
  const since = now - replyFigureRules.windowDays * dayMs
  // Read by conversation_owner_created; two numbers a row, so the median is taken here, the same
  // way on both databases.
  const rows = await kysely
    .selectFrom('conversation')
    .select(['createdAt', 'firstReplyAt'])
    .where('ownerId', '=', ownerId)
    .where('createdAt', '>=', since)
    .execute()
  if (rows.length < replyFigureRules.minConversations) return null
  const replyTimes = rows
    .filter((row) => row.firstReplyAt !== null)
    .map((row) => Number(row.firstReplyAt) - Number(row.createdAt))
  const median = medianOf(replyTimes)
  return {
    share: replyTimes.length / rows.length,
    medianMinutes: median === undefined ? null : Math.ceil(median / minuteMs),
    conversations: rows.length,
  }
}

/** The middle value, or the mean of the two middle ones; undefined for none. */
function medianOf(values: number[]): number | undefined {
  if (values.length === 0) return undefined
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2
}
