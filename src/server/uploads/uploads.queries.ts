// The `upload` table: who uploaded what, and what became of it.
import type { Db } from '../db/database.js'
import type { UploadStatus } from '../db/schema.js'

export function createUploadQueries({ kysely }: Db) {
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

    /** The image keys of these uploads, when every one is the user's and processed; else undefined. */
    async readyImageKeys(ids: string[], userId: string): Promise<Map<string, string> | undefined> {
      if (ids.length === 0) return new Map()
      const rows = await kysely
        .selectFrom('upload')
        .select(['id', 'imageKey'])
        .where('id', 'in', ids)
        .where('userId', '=', userId)
        .where('status', '=', 'ready')
        .execute()
      if (rows.length !== ids.length) return undefined
      return new Map(rows.map((row) => [row.id, row.imageKey!]))
    },

    async markAttached(ids: string[]): Promise<void> {
      if (ids.length === 0) return
      await kysely
        .updateTable('upload')
        .set({ status: 'attached' })
        .where('id', 'in', ids)
        .execute()
    },

    /** Uploads older than `before` that never became part of a listing. */
    async unattachedBefore(before: number) {
      return kysely
        .selectFrom('upload')
        .select(['id', 'imageKey', 'status'])
        .where('status', '!=', 'attached' satisfies UploadStatus)
        .where('createdAt', '<', before)
        .limit(500)
        .execute()
    },

    async delete(ids: string[]): Promise<void> {
      if (ids.length === 0) return
      await kysely.deleteFrom('upload').where('id', 'in', ids).execute()
    },
  }
}

export type UploadQueries = ReturnType<typeof createUploadQueries>
