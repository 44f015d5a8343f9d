// Opens what the app runs on: the database (migrated), the media store, the mailer, and each
// feature's queries and jobs.
import { createAlertJobs } from './alerts/alert-jobs.js'
import { createListingAlerts, type ListingAlertQueue } from './alerts/listing-alerts.js'
import { createUnsubscribeTokens, type UnsubscribeTokens } from './mail/unsubscribe-token.js'
import { createAuth, serverSecret, type Auth } from './auth/auth.js'
import { createSignInThrottle, type SignInThrottle } from './auth/sign-in-throttle.js'
import type { Config } from './config.js'
import { preparePrivateDataDir } from './data-dir.js'
import { openDatabase, type Db } from './db/database.js'
import { migrate } from './db/migrate.js'
import {
  clientAddressChooser,
  createClientAddress,
  type ClientAddress,
} from './http/client-address.js'
import {
  createConversationQueries,
  type ConversationQueries,
} from './conversations/conversations.queries.js'
import { createMessageMailJobs } from './conversations/message-mail-jobs.js'
import { createJobQueue, type JobHandlers, type JobQueue } from './jobs/job-queue.js'
import { createRequestLimits, type RequestLimits } from './http/rate-limit.js'
import { createFavouriteQueries, type FavouriteQueries } from './favourites/favourites.queries.js'
import { createGeocoder, type Geocoder } from './geocoding/geocoder.js'
import { createListingWrites, type ListingWrites } from './listings/listing-writes.js'
import { createListingQueries, type ListingQueries } from './listings/listings.queries.js'
import {
  createResponseCache,
  responseMaxAgeMs,
  type ResponseCache,
} from './listings/response-cache.js'
import { createMailer, senderAddress, type Mailer } from './mail/mailer.js'
import { createMediaStore } from './media/media-factory.js'
import type { MediaStore } from './media/media-store.js'
import {
  createSavedSearchQueries,
  type SavedSearchQueries,
} from './saved-searches/saved-searches.queries.js'
import { removeStaleUploads } from './uploads/cleanup.js'
import { createUploadCleanupJobs } from './uploads/upload-cleanup-jobs.js'
import { createBookingQueries, type BookingQueries } from './viewings/bookings.queries.js'
import {
  createViewingSlotQueries,
  type ViewingSlotQueries,
} from './viewings/viewing-slots.queries.js'
import { createViewingMailJobs } from './viewings/viewing-mail-jobs.js'
import { createUploadQueries, type UploadQueries } from './uploads/uploads.queries.js'
import { createUploadStaging, type UploadStaging } from './uploads/upload-staging.js'
import { createUserQueries, type UserQueries } from './users/users.queries.js'
import { createModeration, type Moderation } from './moderation/moderation.js'
import { createStaleListingLinks } from './stale-listings/stale-listing-links.js'
import { createStaleListings, type StaleListings } from './stale-listings/stale-listings.js'
import { userIdOfCookie } from './auth/session.js'
import { createListingStats, type ListingStatsFeature } from './listing-stats/listing-stats.js'

export interface AppContext {
  config: Config
  db: Db
  auth: Auth
  mailer: Mailer
  media: MediaStore
  /** The disk store's folder, served at /media; undefined with S3, which serves its own files. */
  mediaRoot: string | undefined
  geocoder: Geocoder
  listings: ListingQueries
  favourites: FavouriteQueries
  /** The response cache of the public listing reads (decision 009). */
  responseCache: ResponseCache
  writes: ListingWrites
  uploads: UploadQueries
  /** Where tus keeps uploads until they are finished: disk, or the bucket with STORAGE=s3. */
  staging: UploadStaging
  users: UserQueries
  savedSearches: SavedSearchQueries
  /** Per-address limits of our own routes, counted in the database. */
  requestLimits: RequestLimits
  /** The caller's address: the socket's, or the one proxies we trust report (TRUST_PROXY). */
  clientAddress: ClientAddress
  /** Sign-in attempts per account, with a back-off (decision 014). */
  signInThrottle: SignInThrottle
  /** Removes uploads older than a day that no listing uses (hourly, as the job `upload-cleanup`). */
  removeStaleUploads(now?: number): Promise<number>
  /** Background work in the database; main.ts runs a worker with `jobHandlers`. */
  jobs: JobQueue
  jobHandlers: JobHandlers
  /** What listing writes tell the people who follow homes (saved searches, saved homes). */
  listingAlerts: ListingAlertQueue
  unsubscribeTokens: UnsubscribeTokens
  conversations: ConversationQueries
  viewingSlots: ViewingSlotQueries
  bookings: BookingQueries
  /** Reports, moderators (MODERATOR_EMAILS) and hidden listings. */
  moderation: Moderation
  /** Listings their owners no longer confirm: 'Still available?' mails, then 'expired'. */
  staleListings: StaleListings
  /** Owners' statistics: views gathered in memory, the rest counted where it happens. */
  listingStats: ListingStatsFeature
  /** The time now, in ms: Date.now, but for tests that need another day. */
  now: () => number
}

/** Opens the database (running migrations) and the media store. */
export async function openAppContext(
  config: Config,
  options: { now?: () => number } = {},
): Promise<AppContext> {
  const now = options.now ?? Date.now
  preparePrivateDataDir(config.dataDir)
  const db = openDatabase(config)
  const mailer = createMailer(config)
  const auth = createAuth(config, db, mailer)
  await migrate(db, auth)
  const media = createMediaStore(config)
  const mediaRoot = media.root
  const geocoder = createGeocoder(config)
  const listings = createListingQueries(db, media, db.kysely, now)
  const uploads = createUploadQueries(db)
  const staging = createUploadStaging(config, uploads)
  const jobs = createJobQueue(db)
  const { alertDelaySeconds } = config
  const listingAlerts = createListingAlerts({ db, jobs, alertDelaySeconds })
  const unsubscribeTokens = createUnsubscribeTokens(serverSecret(config))
  const removeUploads = (now?: number) => removeStaleUploads(uploads, media, staging, now)
  const chooseAddress = clientAddressChooser(config.trustProxy)
  const listingStats = createListingStats({
    ...{ db, listings, jobs, mailer, publicUrl: config.publicUrl, unsubscribeTokens },
    signedInUserId: (cookie) => userIdOfCookie(auth, cookie),
    clientAddress: ({ peer, forwardedFor, forwarded }) =>
      chooseAddress(peer, {
        get: (name) => (name === 'x-forwarded-for' ? forwardedFor : forwarded) ?? null,
      }),
    now,
  })
  const { countActivity } = listingStats
  const conversations = createConversationQueries({
    db,
    media,
    jobs,
    mailDelaySeconds: config.messageMailDelaySeconds,
    countActivity,
  })
  const bookings = createBookingQueries({ db, media, jobs, conversations, countActivity })
  const moderation = createModeration({ config, db, media, jobs, mailer, listings, now })
  const { photoChecks } = moderation
  const writes = createListingWrites({
    db,
    media,
    geocoder,
    listingAlerts,
    photoChecks,
    bookings,
    now,
  })
  const staleListings = createStaleListings({
    ...{ db, media, jobs, mailer, publicUrl: config.publicUrl, now },
    links: createStaleListingLinks(serverSecret(config), config.publicUrl),
    changeStatus: (id, userId, status) => writes.changeStatus(id, userId, status),
  })
  return {
    config,
    db,
    auth,
    mailer,
    media,
    mediaRoot,
    geocoder,
    listings,
    favourites: createFavouriteQueries(db, listings, countActivity),
    responseCache: createResponseCache({
      currentVersion: listings.version,
      maxAgeMs: responseMaxAgeMs,
      now,
    }),
    writes,
    uploads,
    staging,
    users: createUserQueries(db),
    savedSearches: createSavedSearchQueries(db),
    requestLimits: createRequestLimits(db),
    clientAddress: createClientAddress(config.trustProxy),
    signInThrottle: createSignInThrottle(db),
    removeStaleUploads: removeUploads,
    jobs,
    jobHandlers: {
      ...createAlertJobs({
        db,
        listings,
        mailer,
        publicUrl: config.publicUrl,
        unsubscribeTokens,
        listingAlerts,
        countActivity,
      }),
      ...createMessageMailJobs({
        db,
        mailer,
        publicUrl: config.publicUrl,
        unsubscribeTokens,
        mailDelaySeconds: config.messageMailDelaySeconds,
      }),
      ...createViewingMailJobs({
        db,
        mailer,
        publicUrl: config.publicUrl,
        senderAddress: senderAddress(config),
      }),
      ...createUploadCleanupJobs(removeUploads),
      ...moderation.jobHandlers,
      ...staleListings.jobHandlers,
      ...listingStats.jobHandlers,
    },
    listingAlerts,
    unsubscribeTokens,
    conversations,
    viewingSlots: createViewingSlotQueries(db),
    bookings,
    moderation,
    staleListings,
    listingStats,
    now,
  }
}
