// Reads of hidden listings (`hidden_listing`) that other features need: why one is hidden.
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

/** The moderator's reason; undefined when the listing is not hidden. */
export async function hiddenReasonOf(
  kysely: Kysely<Database>,
  listingId: string,
): Promise<string | undefined> {
  const row = await kysely
    .selectFrom('hidden_listing')
    .select('reason')
    .where('listingId', '=', listingId)
    .executeTakeFirst()
  return row?.reason
}
