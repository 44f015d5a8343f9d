// Migration 005: reset links mailed before tokens were stored hashed keep working, once, until they
// expire. The names are those of auth/reset-tokens.ts when this was written, copied so that a later
// change there does not change what this migration did.
import crypto from 'node:crypto'
import type { Kysely } from 'kysely'

/** How Better Auth names a reset token's verification row: `reset-password:{token}`. */
const plainPrefix = 'reset-password:'
/** How the app stores that name instead: its SHA-256, under a prefix of its own. */
const hashedPrefix = 'reset-password-sha256:'

function storedResetIdentifier(identifier: string): string {
  return hashedPrefix + crypto.createHash('sha256').update(identifier).digest('base64url')
}

export async function up(db: Kysely<any>): Promise<void> {
  const rows = await db
    .selectFrom('verification')
    .select(['id', 'identifier'])
    .where('identifier', 'like', `${plainPrefix}%`)
    .execute()
  for (const row of rows) {
    await db
      .updateTable('verification')
      .set({ identifier: storedResetIdentifier(row.identifier) })
      .where('id', '=', row.id)
      .execute()
  }
}

export async function down(): Promise<void> {
  // A hash cannot be turned back into its token; Better Auth of before finds no such row, so those
  // links simply end.
}
