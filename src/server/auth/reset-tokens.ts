// Password reset tokens: stored as hashes, and every other open link of a user's ended when a new
// one is mailed or one is used.
import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

/** How Better Auth names a reset token's verification row: `reset-password:{token}`. */
const plainPrefix = 'reset-password:'
/**
 * How we store that name instead: its SHA-256, under a prefix of our own. The prefix finds a user's
 * reset rows (Better Auth's own 'hashed' keeps none), and no plain name has it, so Better Auth's
 * fallback lookup by the plain name can never match a stored hash.
 */
const hashedPrefix = 'reset-password-sha256:'

export function storedResetIdentifier(identifier: string): string {
  return hashedPrefix + crypto.createHash('sha256').update(identifier).digest('base64url')
}

export const isStoredResetIdentifier = (identifier: string) => identifier.startsWith(hashedPrefix)

/** Better Auth's `verification.storeIdentifier`: reset tokens hashed, other values as it keeps them. */
export const resetTokenStorage = {
  default: 'plain' as const,
  overrides: {
    [plainPrefix]: { hash: async (identifier: string) => storedResetIdentifier(identifier) },
  },
}

/** Ends every open reset link of the user's, hashed or (from before the migration) plain. */
export async function endResetLinks(kysely: Kysely<Database>, userId: string): Promise<void> {
  await kysely
    .deleteFrom('verification')
    .where('value', '=', userId)
    .where((eb) =>
      eb.or([
        eb('identifier', 'like', `${hashedPrefix}%`),
        eb('identifier', 'like', `${plainPrefix}%`),
      ]),
    )
    .execute()
}

/** For databases of an earlier version, which kept reset tokens in plain (migration 005). */
export async function hashStoredResetTokens(kysely: Kysely<Database>): Promise<void> {
  const rows = await kysely
    .selectFrom('verification')
    .select(['id', 'identifier'])
    .where('identifier', 'like', `${plainPrefix}%`)
    .execute()
  for (const row of rows) {
    await kysely
      .updateTable('verification')
      .set({ identifier: storedResetIdentifier(row.identifier) })
      .where('id', '=', row.id)
      .execute()
  }
}
