// How often a saved home may be mailed about: at most one mail of each kind per listing and person
// a week, and a price cut only below every price already mailed to them, so that an owner who
// toggles a listing's status or price cannot mail its savers at will. A claim is one statement on
// the key of saved_home_mail, so it holds whatever the number of servers.
import { sql, type Kysely } from 'kysely'
import type { Database, SavedHomeMailKind } from '../db/schema.js'

export const savedHomeMailIntervalMs = 7 * 24 * 60 * 60_000

export interface SavedHomeMailKey {
  userId: string
  listingId: string
  kind: SavedHomeMailKind
}

export type SavedHomeMailClaim =
  /** Send the mail; `release` gives the claim back when the send failed. */
  | { taken: true; release(): Promise<void> }
  /** The last mail of this kind: when it went, and the lowest price a price cut told of. */
  | { taken: false; sentAt: number; lowestPrice: number | null }

/** Claims the right to send `key`'s mail now; `price` is the price a price cut tells of. */
export async function claimSavedHomeMail(
  kysely: Kysely<Database>,
  key: SavedHomeMailKey,
  now: number,
  price: number | null = null,
): Promise<SavedHomeMailClaim> {
  const lastMail = () =>
    kysely
      .selectFrom('saved_home_mail')
      .select(['sentAt', 'lowestPrice'])
      .where('userId', '=', key.userId)
      .where('listingId', '=', key.listingId)
      .where('kind', '=', key.kind)
      .executeTakeFirst()
  // Read only to put back if the send fails: the claim itself does not depend on it.
  const before = await lastMail()
  const taken = await kysely
    .insertInto('saved_home_mail')
    .values({ ...key, sentAt: now, lowestPrice: price })
    .onConflict((conflict) =>
      conflict
        .columns(['userId', 'listingId', 'kind'])
        .doUpdateSet({ sentAt: now, lowestPrice: price })
        .where((eb) => {
          const weekPassed = eb('saved_home_mail.sentAt', '<=', now - savedHomeMailIntervalMs)
          if (price === null) return weekPassed
          const belowEveryMailed = eb.or([
            eb('saved_home_mail.lowestPrice', 'is', null),
            eb('saved_home_mail.lowestPrice', '>', price),
          ])
          return eb.and([weekPassed, belowEveryMailed])
        }),
    )
    .returning('sentAt')
    .executeTakeFirst()
  if (taken) {
    return {
      taken: true,
      async release() {
        const ours = sql<boolean>`"userId" = ${key.userId} and "listingId" = ${key.listingId}
          and "kind" = ${key.kind} and "sentAt" = ${now}`
        await (
          before
            ? kysely
                .updateTable('saved_home_mail')
                .set({ sentAt: Number(before.sentAt), lowestPrice: before.lowestPrice })
                .where(ours)
            : kysely.deleteFrom('saved_home_mail').where(ours)
        ).execute()
      },
    }
  }
  const last = await lastMail()
  return {
    taken: false,
    sentAt: Number(last?.sentAt ?? now),
    lowestPrice: last?.lowestPrice ?? null,
  }
}
