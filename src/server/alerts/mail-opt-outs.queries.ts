// The `mail_opt_out` table: the kinds of saved-home mail each person turned off.
import type { Kysely } from 'kysely'
import type { Db } from '../db/database.js'
import type { Database, SavedHomeMailKind } from '../db/schema.js'
import { userExists } from '../users/users.queries.js'

export const mailOptOutQuery = (
  kysely: Kysely<Database>,
  userId: string,
  kind: SavedHomeMailKind,
) =>
  kysely
    .selectFrom('mail_opt_out')
    .select('kind')
    .where('userId', '=', userId)
    .where('kind', '=', kind)

export async function mailOptedOut(
  { kysely }: Db,
  userId: string,
  kind: SavedHomeMailKind,
): Promise<boolean> {
  return (await mailOptOutQuery(kysely, userId, kind).executeTakeFirst()) !== undefined
}

/** Turns this kind of mail off for the user; a deleted user has nothing left to turn off. */
export async function optOutOfMail(
  db: Db,
  userId: string,
  kind: SavedHomeMailKind,
  now = Date.now(),
): Promise<void> {
  if (!(await userExists(db, userId))) return
  await db.kysely
    .insertInto('mail_opt_out')
    .values({ userId, kind, createdAt: now })
    .onConflict((conflict) => conflict.columns(['userId', 'kind']).doNothing())
    .execute()
}
