// The `upload` table: who uploaded what, and what became of it.
import { sql, type Kysely } from 'kysely'
import type { Db } from '../db/database.js'
import type { Database, UploadStatus } from '../db/schema.js'
import type { UploadLimits } from './upload-limits.js'

interface NewUpload {
  id: string
  userId: string
  originalName: string
  /** the declared length in bytes */
  size?: number
}

/** Which of the user's upload limits a new upload would pass. */
export type UploadLimitReached =
  'perHour' | 'unfinished' | 'stagedBytes' | 'unattached' | 'unattachedBytes'

/** The first key of PostgreSQL's advisory locks that serialise one user's upload creations. */
const uploadQuotaLock = 0x75706c64

/** The queries, on the database or inside a transaction (`executor`). */
// A released upload is stored as a rejected one (the status column allows no other word): it can
// never be claimed, and the stale-upload cleanup removes it with its files.
const releasedError = 'Released by its listing'

/**
 * The uploads behind these image folders: a lookup on `upload_image_key` (with a condition on the
 * status too, a planner may take `upload_status`, which nearly every upload shares).
 */
export const uploadsOfImagesQuery = (kysely: Kysely<Database>, imageKeys: string[]) =>
  kysely
    .selectFrom('upload')
    .select(['id', 'imageKey', 'status'])
    .where('imageKey', 'in', imageKeys)

/** Takes tus' lock on an upload that nobody holds, or whose holder's lease ran out. */
export const takeLockQuery = (
  kysely: Kysely<Database>,
  lock: { id: string; holder: string; now: number; expiresAt: number },
) =>
  kysely
    .updateTable('upload')
    .set({ lockHolder: lock.holder, lockExpiresAt: lock.expiresAt, lockWantedAt: null })
    .where('id', '=', lock.id)
    .where((eb) => eb.or([eb('lockHolder', 'is', null), eb('lockExpiresAt', '<', lock.now)]))

/** Extends a holder's lease on tus' lock, returning whether another request waits for it. */
export const renewLockQuery = (
  kysely: Kysely<Database>,
  lock: { id: string; holder: string; expiresAt: number },
) =>
  kysely
    .updateTable('upload')
    .set({ lockExpiresAt: lock.expiresAt })
    .where('id', '=', lock.id)
    .where('lockHolder', '=', lock.holder)
    .returning('lockWantedAt')

export function createUploadQueries(db: Db, kysely: Kysely<Database> = db.kysely) {
  const insert = (executor: Kysely<Database>, upload: NewUpload, now: number) =>
    executor
      .insertInto('upload')
      .values({
        ...upload,
        size: upload.size ?? 0,
        status: 'receiving',
        imageKey: null,
        error: null,
        createdAt: now,
      })
      .execute()

  return {
    async create(upload: NewUpload): Promise<void> {
      await insert(kysely, upload, Date.now())
    },

    /**
     * Records a new upload unless it would break one of the user's limits, which it then returns.
     * One user's creations pass here one at a time (a transaction, locked per user on
     * PostgreSQL; SQLite runs one transaction at a time), so a burst cannot overshoot.
     */
    async createWithinLimits(
      upload: NewUpload & { size: number },
      limits: UploadLimits,
      now = Date.now(),
    ): Promise<UploadLimitReached | undefined> {
      return db.kysely.transaction().execute(async (trx) => {
        if (db.dialect === 'postgres') {
          await sql`select pg_advisory_xact_lock(${uploadQuotaLock}, hashtext(${upload.userId}))`.execute(
            trx,
          )
        }
        const ofUser = trx.selectFrom('upload').where('userId', '=', upload.userId)
        const lastHour = await ofUser
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('createdAt', '>=', now - 3600_000)
          .executeTakeFirstOrThrow()
        if (Number(lastHour.count) >= limits.perHour) return 'perHour'
        const unfinished = await ofUser
          .select((eb) => [
            eb.fn.countAll<number>().as('count'),
            eb.fn.coalesce(eb.fn.sum<number>('size'), sql<number>`0`).as('bytes'),
          ])
          .where('status', '=', 'receiving')
          .where('createdAt', '>=', now - limits.unfinishedLifetimeMs)
          .executeTakeFirstOrThrow()
        if (Number(unfinished.count) >= limits.unfinished) return 'unfinished'
        if (Number(unfinished.bytes) + upload.size > limits.stagedBytes) return 'stagedBytes'
        // Finished ones too: until a listing takes them, all of them are disk nobody uses.
        const unattached = await ofUser
          .select((eb) => [
            eb.fn.countAll<number>().as('count'),
            eb.fn.coalesce(eb.fn.sum<number>('size'), sql<number>`0`).as('bytes'),
          ])
          .where((eb) =>
            eb.or([
              eb('status', '=', 'ready'),
              eb.and([
                eb('status', '=', 'receiving'),
                eb('createdAt', '>=', now - limits.unfinishedLifetimeMs),
              ]),
            ]),
          )
          .executeTakeFirstOrThrow()
        if (Number(unattached.count) >= limits.unattached) return 'unattached'
        if (Number(unattached.bytes) + upload.size > limits.unattachedBytes) {
          return 'unattachedBytes'
        }
        await insert(trx, upload, now)
        return undefined
      })
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

    /**
     * Takes tus' lock on an upload for `holder` until `expiresAt`, if nobody holds it or the
     * holder's lease ran out (its server died). Returns 'taken', 'held' (by another), or 'absent'
     * (no such upload: nothing to guard).
     */
    async takeLock(
      id: string,
      holder: string,
      now: number,
      expiresAt: number,
    ): Promise<'taken' | 'held' | 'absent'> {
      const result = await takeLockQuery(kysely, { id, holder, now, expiresAt }).executeTakeFirst()
      if (result.numUpdatedRows > 0n) return 'taken'
      const row = await kysely
        .updateTable('upload')
        .set({ lockWantedAt: now })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst()
      return row ? 'held' : 'absent'
    },

    /**
     * Extends `holder`'s lease, returning whether another request waits for the lock; undefined
     * when `holder` lost it.
     */
    async renewLock(
      id: string,
      holder: string,
      expiresAt: number,
    ): Promise<{ wanted: boolean } | undefined> {
      const row = await renewLockQuery(kysely, { id, holder, expiresAt }).executeTakeFirst()
      return row && { wanted: row.lockWantedAt !== null }
    },

    async releaseLock(id: string, holder: string): Promise<void> {
      await kysely
        .updateTable('upload')
        .set({ lockHolder: null, lockExpiresAt: null })
        .where('id', '=', id)
        .where('lockHolder', '=', holder)
        .execute()
    },

    /**
     * Claims a received upload for processing into `imageKey`; false when it is already being (or
     * has been) processed, so a last chunk sent twice is processed once. `begunAs` takes over a
     * processing begun into that key by a server that died.
     */
    async startProcessing(
      id: string,
      imageKey: string,
      begunAs: string | null = null,
    ): Promise<boolean> {
      const result = await kysely
        .updateTable('upload')
        .set({ imageKey })
        .where('id', '=', id)
        .where('status', '=', 'receiving')
        .where('imageKey', begunAs === null ? 'is' : '=', begunAs)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    /** False when the upload is gone or no longer receiving (its files are then nobody's). */
    async markReady(id: string, imageKey: string): Promise<boolean> {
      const result = await kysely
        .updateTable('upload')
        .set({ status: 'ready', imageKey })
        .where('id', '=', id)
        .where('status', '=', 'receiving')
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
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
     * in a listing; returns their image folders by id, or undefined (and claims nothing is
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

    /** The uploads these image folders came from, by upload id: the images of a listing. */
    async attachedTo(imageKeys: string[]): Promise<Map<string, string>> {
      if (imageKeys.length === 0) return new Map()
      const rows = await uploadsOfImagesQuery(kysely, imageKeys).execute()
      return new Map(
        rows.filter((row) => row.status === 'attached').map((row) => [row.id, row.imageKey!]),
      )
    },

    /**
     * Lets go of the uploads behind these image folders, whose listing is gone or no longer uses
     * them, in the transaction that changes the listing. They can never be claimed again, and
     * until `forget` says their files are gone, `takeStale` finds them, so a crash between the
     * commit and the files' removal leaves nothing behind for long.
     */
    async release(imageKeys: string[]): Promise<void> {
      if (imageKeys.length === 0) return
      await kysely
        .updateTable('upload')
        .set({ status: 'rejected', error: releasedError })
        .where('imageKey', 'in', imageKeys)
        .execute()
    },

    /** Forgets released uploads once their files are removed. */
    async forget(imageKeys: string[]): Promise<void> {
      if (imageKeys.length === 0) return
      await kysely
        .deleteFrom('upload')
        .where('imageKey', 'in', imageKeys)
        .where('error', '=', releasedError)
        .execute()
    },

    /**
     * Removes up to 500 uploads that never became part of a listing, made before `before`, or
     * made before `unfinishedBefore` and still waiting for bytes; returns them. The rows go
     * first, so no listing can claim an upload whose files are going.
     */
    async takeStale(before: number, unfinishedBefore = before) {
      return kysely
        .deleteFrom('upload')
        .where(
          'id',
          'in',
          kysely
            .selectFrom('upload')
            .select('id')
            .where('status', '!=', 'attached' satisfies UploadStatus)
            .where((eb) =>
              eb.or([
                eb('createdAt', '<', before),
                eb.and([
                  eb('createdAt', '<', unfinishedBefore),
                  eb('status', '=', 'receiving' satisfies UploadStatus),
                  // one being processed is left to finish: its files are not all written yet
                  eb('imageKey', 'is', null),
                ]),
              ]),
            )
            .limit(500),
        )
        .returning(['id', 'imageKey'])
        .execute()
    },
  }
}

export type UploadQueries = ReturnType<typeof createUploadQueries>
