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

  /** The listing's photos, hashed; the names of the other listings one of its new photos is on. */
  async function checkListing({ listingId }: PhotoCheckJob): Promise<void> {
    const stored = await listings.getStored(listingId)
    if (!stored) return
    const hashed = await hashes.hashedImages(listingId)
    await hashes.remove(
      listingId,
      [...hashed].filter((key) => !stored.imageKeys.includes(key)),
    )
    // The demo's shared photos are on many listings by design.
    const added = stored.imageKeys.filter(
      (key) => !hashed.has(key) && !key.startsWith(sharedImagePrefix),
    )
    const copiedFrom = new Set<string>()
    for (const imageKey of added) {
      const image = await media.read(`${imageKey}/${hashedVariant}`)
      if (!image) continue
      const photo = await photoHashes(image)
      const candidates = await hashes.candidates(photo[0]!, stored.userRef)
      for (const candidate of candidates) {
        if (photosMatch(photo[0]!, [candidate.hash])) copiedFrom.add(candidate.listingId)
      }
      await hashes.add({ listingId, userRef: stored.userRef, imageKey }, photo)
    }
    for (const original of copiedFrom) await reportCopy(listingId, original)
  }

  async function reportCopy(listingId: string, original: string): Promise<void> {
    const reports = createReportQueries(db)
    if (await reports.hasDuplicateReport(listingId, original)) return
    const details = 'A photo of this listing is on another owner’s listing.'
    await reports.add(
      { listingId, reporterId: null, reason: 'duplicate', details, duplicateOf: original },
      now(),
    )
  }

  const jobHandlers: JobHandlers = {
    [photoCheckJobKind]: (payload) => checkListing(payload as PhotoCheckJob),
  }

  return { checks, jobHandlers }
}
