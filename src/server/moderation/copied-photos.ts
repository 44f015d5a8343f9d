// Copied photos: after a listing is published or edited, a job hashes its new photos and looks for
// them on other owners' listings. A match (perceptual hashes within 6 bits, media/photo-hash.ts)
// reports the listing as 'duplicate', naming the other one, for the moderators to judge: a landlord
// who lists with an agency shows the same photos, a scammer copies them.
import type { Kysely } from 'kysely'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import type { JobHandlers, JobQueue } from '../jobs/job-queue.js'
import type { ListingPhotoChecks } from '../listings/listing-photo-checks.js'
import { createListingQueries } from '../listings/listings.queries.js'
import { sharedImagePrefix, type MediaStore } from '../media/media-store.js'
import { photoHashes, photosMatch } from '../media/photo-hash.js'
import { variantName } from '../../shared/media.js'
import { createPhotoHashQueries } from './photo-hashes.queries.js'
import { createReportQueries } from './reports.queries.js'

export const photoCheckJobKind = 'photo-check'

interface PhotoCheckJob {
  listingId: string
}

/** Other listings named in reports per check at most: one copied photo may be on hundreds. */
const reportedOriginals = 5

/** The variant hashed: small, so quick to decode, and far larger than the 128 px the hash reads. */
const hashedVariant = variantName(400)

export function createCopiedPhotos(deps: {
  db: Db
  media: MediaStore
  jobs: JobQueue
  now: () => number
}) {
  const { db, media, jobs, now } = deps
  const listings = createListingQueries(db, media, db.kysely, now)
  const hashes = createPhotoHashQueries(db.kysely)

  const checks: ListingPhotoChecks = {
    async photosChanged(trx: Kysely<Database>, listingId: string, at = now()) {
      await jobs.enqueue(
        trx,
        [
          {
            key: `${photoCheckJobKind}:${listingId}`,
            kind: photoCheckJobKind,
            payload: { listingId } satisfies PhotoCheckJob,
            runAt: at,
          },
        ],
        at,
      )
    },
  }

  /**
   * Hashes the listing's new photos (before any transaction: it takes a while), then, holding the
   * listing and the others it matches against a delete, stores the hashes and reports the copies.
   */
  async function checkListing({ listingId }: PhotoCheckJob): Promise<void> {
    const stored = await listings.getStored(listingId)
    if (!stored) return
    const hashed = await hashes.hashedImages(listingId)
    // The demo's shared photos are on many listings by design.
    const added = stored.imageKeys.filter(
      (key) => !hashed.has(key) && !key.startsWith(sharedImagePrefix),
    )
    const photos: { imageKey: string; hashes: string[] }[] = []
    for (const imageKey of added) {
      const image = await media.read(`${imageKey}/${hashedVariant}`)
      if (image) photos.push({ imageKey, hashes: await photoHashes(image) })
    }
    await db.kysely.transaction().execute(async (trx) => {
      const inTrx = createPhotoHashQueries(trx)
      const copiedFrom = new Set<string>()
      for (const photo of photos) {
        for (const candidate of await inTrx.candidates(photo.hashes[0]!, stored.userRef)) {
          if (copiedFrom.size === reportedOriginals) break
          if (photosMatch(photo.hashes[0]!, [candidate.hash])) copiedFrom.add(candidate.listingId)
        }
      }
      const held = await createListingQueries(db, media, trx).holdExisting([
        listingId,
        ...copiedFrom,
      ])
      if (!held.has(listingId)) return
      const current = (await createListingQueries(db, media, trx).getStored(listingId))!
      await inTrx.remove(
        listingId,
        [...hashed].filter((key) => !current.imageKeys.includes(key)),
      )
      for (const photo of photos) {
        if (!current.imageKeys.includes(photo.imageKey)) continue
        await inTrx.add(
          { listingId, userRef: stored.userRef, imageKey: photo.imageKey },
          photo.hashes,
        )
      }
      const reports = createReportQueries(db, trx)
      for (const original of copiedFrom) {
        if (!held.has(original) || (await reports.hasDuplicateReport(listingId, original))) continue
        const details = 'A photo of this listing is on another owner’s listing.'
        await reports.add(
          { listingId, reporterId: null, reason: 'duplicate', details, duplicateOf: original },
          now(),
        )
      }
    })
  }

  const jobHandlers: JobHandlers = {
    [photoCheckJobKind]: (payload) => checkListing(payload as PhotoCheckJob),
  }

  return { checks, jobHandlers }
}
