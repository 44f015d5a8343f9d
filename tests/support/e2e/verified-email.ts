// Alert and saved-home mails go only to verified addresses. A journey that waits for one marks its
// user verified directly in the seeded server's database (.tmp/e2e-seeded/app.db, opened by the
// `seededApp` fixture), as epic-stack's fixtures make users in the database.
import type { AppContext } from '../../../src/server/app'

export async function markEmailVerified(app: Pick<AppContext, 'db'>, email: string): Promise<void> {
  const result = await app.db.kysely
    .updateTable('user')
    .set({ emailVerified: app.db.bool(true) })
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst()
  if (result.numUpdatedRows !== 1n) throw new Error(`No user with the address ${email}`)
}
