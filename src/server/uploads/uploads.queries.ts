// The `upload` table: who uploaded what, and what became of it.
import type { Kysely } from 'kysely'
import type { Db } from '../db/database.js'
import type { Database, UploadStatus } from '../db/schema.js'

/** The queries, on the database or inside a transaction (`executor`). */
export function createUploadQueries(db: Db, kysely: Kysely<Database> = db.kysely) {
  return {
    async create(upload: { id: string; userId: string; originalName: string }): Promise<void> {
      await kysely
        .insertInto('upload')
        .values({
          ...upload,
          status: 'receiving',
          imageKey: null,
          error: null,
          createdAt: Date.now(),
        })
        .execute()
    },

    async ownerOf(id: string): Promise<string | undefined> {
      const row = await kysely
        .selectFrom('upload')
        .select('userId')
        .where('id', '=', id)
        .executeTakeFirst()
      return row?.userId
    },

    async get(id: string) {
      return kysely.selectFrom('upload').selectAll().where('id', '=', id).executeTakeFirst()
    },

    async countSince(userId: string, since: number): Promise<number> {
      const row = await kysely
        .selectFrom('upload')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('userId', '=', userId)
        .where('createdAt', '>=', since)
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },

    async markReady(id: string, imageKey: string): Promise<void> {
      await kysely
        .updateTable('upload')
        .set({ status: 'ready', imageKey })
        .where('id', '=', id)
        .execute()
    },

    async markRejected(id: string, error: string): Promise<void> {
      await kysely
        .updateTable('upload')
        .set({ status: 'rejected', error })
        .where('id', '=', id)
        .execute()
    },

    /**
     * Marks these uploads as part of a listing, if every one is the user's and finished and not yet
     * in a listing; answers their image folders by id, or undefined (and claims nothing is
     * guaranteed only inside a transaction, which the caller rolls back).
     */
    async claim(ids: string[], userId: string): Promise<Map<string, string> | undefined> {
      if (ids.length === 0) return new Map()
      const claimed = await kysely
        .updateTable('upload')
        .set({ status: 'attached' })
        .where('id', 'in', ids)
        .where('userId', '=', userId)
        .where('status', '=', 'ready')
        .returning(['id', 'imageKey'])
        .execute()
      if (claimed.length !== new Set(ids).size) return undefined
      return new Map(claimed.map((row) => [row.id, row.imageKey!]))
    },

    /** Forgets the uploads behind these image folders (their listing is gone or no longer uses them). */
    async deleteByImageKeys(imageKeys: string[]): Promise<void> {
      if (imageKeys.length === 0) return
      await kysely.deleteFrom('upload').where('imageKey', 'in', imageKeys).execute()
    },

    /**
     * Removes up to 500 uploads older than `before` that never became part of a listing, and
     * answers them: the rows go first, so no listing can claim an upload whose files are going.
     */
    async takeStale(before: number) {
      return kysely
        .deleteFrom('upload')
        .where(
          'id',
          'in',
          kysely
            .selectFrom('upload')
            .select('id')
            .where('status', '!=', 'attached' satisfies UploadStatus)
            .where('createdAt', '<', before)
            .limit(500),
        )
        .returning(['id', 'imageKey'])
        .execute()
    },
  }
}

export type UploadQueries = ReturnType<typeof createUploadQueries>
