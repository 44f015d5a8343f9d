// The moderation feature as the app composes it: who moderates, reports, hiding, the moderators'
// list, the owner's mails, and the check of new photos for copies.
import type { Config } from '../config.js'
import type { PublicUser } from '../../shared/profile.js'
import type { ModerationList as ModerationListBody } from '../../shared/report.js'
import type { Db } from '../db/database.js'
import type { JobHandlers, JobQueue } from '../jobs/job-queue.js'
import type { ListingQueries } from '../listings/listings.queries.js'
import type { Mailer } from '../mail/mailer.js'
import type { MediaStore } from '../media/media-store.js'
import { createCopiedPhotos } from './copied-photos.js'
import { createHiddenListingMailJobs } from './hidden-listing-mail.js'
import { createHiddenListingReader } from './hidden-listing-reader.js'
import { createHiddenListings } from './hidden-listings.js'
import { createListingReports } from './listing-reports.js'
import { createModerationList } from './moderation-list.js'
import { createModerators } from './moderators.js'

export function createModeration(deps: {
  config: Pick<Config, 'moderatorEmails' | 'publicUrl'>
  db: Db
  media: MediaStore
  jobs: JobQueue
  mailer: Mailer
  listings: Pick<ListingQueries, 'get'>
  now: () => number
}) {
  const { config, db, media, jobs, mailer, listings, now } = deps
  const moderators = createModerators(db, config.moderatorEmails)
  const copiedPhotos = createCopiedPhotos({ db, media, jobs, now })
  const hiddenListings = createHiddenListings({ db, media, jobs, now })
  const moderationList = createModerationList({ db, media, hiddenListings, now })
  const hiddenListingReader = createHiddenListingReader({ listings, moderators })
  return {
    moderators,
    hiddenListings,
    /** A hidden listing, for its owner and the moderators only. */
    hiddenListingReader,
    listingReports: createListingReports({ db, media, hiddenListings, now }),
    moderationList,
    /**
     * What the server-rendered pages show the signed-in user alone: a hidden listing to its owner
     * and the moderators, the reported listings to the moderators. `readUser` runs only if asked.
     */
    pageViewer(readUser: () => Promise<PublicUser | null>) {
      let user: Promise<PublicUser | null> | undefined
      const asking = () => (user ??= readUser())
      return {
        hiddenListing: async (listingId: string) => hiddenListingReader.read(listingId, asking),
        moderationList: async (): Promise<ModerationListBody | undefined> => {
          if (!(await moderators.isModerator(await asking()))) return undefined
          return { items: await moderationList.read('open') }
        },
      }
    },
    /** What listing writes tell: a listing's photos changed, to check for copies. */
    photoChecks: copiedPhotos.checks,
    jobHandlers: {
      ...createHiddenListingMailJobs({ db, media, mailer, publicUrl: config.publicUrl }),
      ...copiedPhotos.jobHandlers,
    } satisfies JobHandlers,
  }
}

export type Moderation = ReturnType<typeof createModeration>
