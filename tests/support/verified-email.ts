// Alert and saved-home mails go only to verified addresses; a test's fresh user is marked verified
// directly in the database, as if they had opened the verification mail's link.
import type { AppContext } from '../../src/server/app'

export async function markEmailVerified(
  context: Pick<AppContext, 'db'>,
  userId: string,
): Promise<void> {
  await context.db.kysely
    .updateTable('user')
    .set({ emailVerified: context.db.bool(true) })
    .where('id', '=', userId)
    .execute()
}
