// The stored perceptual hashes of listing photos (`photo_hash_block`, migration 026): each hash as
// its eight bytes, one row each, so that the photos sharing a byte with a new one are an index
// lookup.
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { batches } from '../lib/batches.js'
import { hashBlocks } from '../media/photo-hash.js'

/** A stored hash that shares at least two bytes with the one looked up, on another's listing. */
export interface PhotoCandidate {
  listingId: string
  imageKey: string
  hash: string
}

/**
 * The stored hashes of other owners' listings that share at least two of the eight bytes of
 * `hash`: two hashes within 6 bits of each other always do (eight bytes, at most six differ).
 */
export const photoCandidatesQuery = (kysely: Kysely<Database>, hash: string, ownerId: string) => {
  const blocks = hashBlocks(hash).map(
    ({ block, value }) => sql`(${sql.ref('block')} = ${block} and ${sql.ref('value')} = ${value})`,
  )
  return kysely
    .selectFrom('photo_hash_block')
    .select(['listingId', 'imageKey', 'hash'])
    .where(sql<boolean>`(${sql.join(blocks, sql` or `)})`)
    .where('userRef', '<>', ownerId)
    .groupBy(['listingId', 'imageKey', 'hash'])
    .having((eb) => eb.fn.countAll(), '>=', 2)
}

export function createPhotoHashQueries(kysely: Kysely<Database>) {
  return {
    /** The image folders of the listing whose photos are hashed. */
    async hashedImages(listingId: string): Promise<Set<string>> {
      const rows = await kysely
        .selectFrom('photo_hash_block')
        .select('imageKey')
        .distinct()
        .where('listingId', '=', listingId)
        .execute()
      return new Set(rows.map((row) => row.imageKey))
    },

    async add(
      photo: { listingId: string; userRef: string; imageKey: string },
      hashes: string[],
    ): Promise<void> {
      const rows = hashes.flatMap((hash) =>
        hashBlocks(hash).map(({ block, value }) => ({ ...photo, hash, block, value })),
      )
      for (const batch of batches(rows, 200)) {
        await kysely.insertInto('photo_hash_block').values(batch).execute()
      }
    },

    /** Forgets the hashes of photos the listing no longer shows. */
    async remove(listingId: string, imageKeys: string[]): Promise<void> {
      if (imageKeys.length === 0) return
      await kysely
        .deleteFrom('photo_hash_block')
        .where('listingId', '=', listingId)
        .where('imageKey', 'in', imageKeys)
        .execute()
    },

    candidates(hash: string, ownerId: string): Promise<PhotoCandidate[]> {
      return photoCandidatesQuery(kysely, hash, ownerId).execute()
    },
  }
}
