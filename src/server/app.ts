// Composes the server: opens the database and media store, and mounts every route.
import path from 'node:path'
import type { RequestListener } from 'node:http'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { createAlertJobs } from './alerts/alert-jobs.js'
import { createListingAlerts, type ListingAlertQueue } from './alerts/listing-alerts.js'
import { createUnsubscribeTokens, type UnsubscribeTokens } from './mail/unsubscribe-token.js'
import { unsubscribeRoutes } from './alerts/unsubscribe.routes.js'
import { createAuth, serverSecret, type Auth } from './auth/auth.js'
import { authRoutes } from './auth/auth.routes.js'
import { readUser } from './auth/session.js'
import { createSignInThrottle, type SignInThrottle } from './auth/sign-in-throttle.js'
import type { Config } from './config.js'
import { preparePrivateDataDir } from './data-dir.js'
import { openDatabase, type Db } from './db/database.js'
import { migrate } from './db/migrate.js'
import { createClientAddress, type ClientAddress } from './http/client-address.js'
import { errorResponses } from './http/error-responses.js'
import { jsonBodyLimit } from './http/json-body-limit.js'
import { instanceName } from './instance-name.js'
import {
  createConversationQueries,
  type ConversationQueries,
} from './conversations/conversations.queries.js'
import { conversationsRoutes } from './conversations/conversations.routes.js'
import { createMessageMailJobs } from './conversations/message-mail-jobs.js'
import { createJobQueue, type JobHandlers, type JobQueue } from './jobs/job-queue.js'
import { createRequestLimits, type RequestLimits } from './http/rate-limit.js'
import { sameOriginWrites } from './http/same-origin.js'
import {
  securityHeaderList,
  securityHeaderOptionsOf,
  securityHeaders,
} from './http/security-headers.js'
import type { ErrorBody } from '../shared/error-body.js'
import { createFavouriteQueries, type FavouriteQueries } from './favourites/favourites.queries.js'
import { favouritesRoutes } from './favourites/favourites.routes.js'
import { createGeocoder, type Geocoder } from './geocoding/geocoder.js'
import { geocodeRoutes } from './geocoding/geocode.routes.js'
import { createPlaceSearch } from './places/find-places.js'
import { placesRoutes } from './places/places.routes.js'
import { createListingWrites, type ListingWrites } from './listings/listing-writes.js'
import { createListingQueries, type ListingQueries } from './listings/listings.queries.js'
import {
  createResponseCache,
  responseMaxAgeMs,
  serveCachedResponses,
  type ResponseCache,
} from './listings/response-cache.js'
import { listingsRoutes } from './listings/listings.routes.js'
import { createSearchReadLimit } from './listings/search-read-limit.js'
import { createMailer, senderAddress, type Mailer } from './mail/mailer.js'
import { createMediaStore } from './media/media-factory.js'
import type { MediaStore } from './media/media-store.js'
import { mediaRoutes } from './media/media.routes.js'
import { shareImagesPath } from './media/share-image.js'
import { shareImageRoutes } from './media/share-image.routes.js'
import { createShareImages } from './media/share-images.js'
import {
  createSavedSearchQueries,
  type SavedSearchQueries,
} from './saved-searches/saved-searches.queries.js'
import { savedSearchesRoutes } from './saved-searches/saved-searches.routes.js'
import { createSitemapPages } from './sitemaps/sitemap-pages.js'
import { sitemapsRoutes } from './sitemaps/sitemaps.routes.js'
import { removeStaleUploads } from './uploads/cleanup.js'
import { createUploadCleanupJobs } from './uploads/upload-cleanup-jobs.js'
import { createBookingQueries, type BookingQueries } from './viewings/bookings.queries.js'
import {
  createViewingSlotQueries,
  type ViewingSlotQueries,
} from './viewings/viewing-slots.queries.js'
import { createViewingMailJobs } from './viewings/viewing-mail-jobs.js'
import { viewingsRoutes } from './viewings/viewings.routes.js'
import { createUploadQueries, type UploadQueries } from './uploads/uploads.queries.js'
import { uploadsRoutes } from './uploads/uploads.routes.js'
import { createUploadStaging, type UploadStaging } from './uploads/upload-staging.js'
import { createUserQueries, type UserQueries } from './users/users.queries.js'
import { landlordLookupCounter, usersRoutes } from './users/users.routes.js'
import { landlordProfileCounter, landlordProfileRoutes } from './users/landlord-profile.routes.js'
import { loadClientFiles } from './web/client-files.js'
import { loadPageChunks } from './web/page-chunks.js'
import { createPageHeads } from './web/page-head.js'
import { pageRendererLoader, type RenderPage } from './web/page-renderer.js'
import { webRoutes } from './web/web.routes.js'
import { createModeration, type Moderation } from './moderation/moderation.js'
import { moderationRoutes } from './moderation/moderation.routes.js'

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
  /** The time now, in ms: Date.now, but for tests that need another day. */
  now: () => number
}

/** The built client: dist/client, beside the built server (also when run from src/ by tsx). */
const defaultClientDir = fileURLToPath(
  new URL(
    import.meta.url.includes('/src/server/') ? '../../dist/client' : '../client',
    import.meta.url,
  ),
)

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
  const conversations = createConversationQueries({
    db,
    media,
    jobs,
    mailDelaySeconds: config.messageMailDelaySeconds,
  })
  const bookings = createBookingQueries({ db, media, jobs, conversations })
  const moderation = createModeration({ config, db, media, jobs, mailer, listings, now })
  const { photoChecks } = moderation
  return {
    config,
    db,
    auth,
    mailer,
    media,
    mediaRoot,
    geocoder,
    listings,
    favourites: createFavouriteQueries(db, listings),
    responseCache: createResponseCache({
      currentVersion: listings.version,
      maxAgeMs: responseMaxAgeMs,
      now,
    }),
    writes: createListingWrites({ db, media, geocoder, listingAlerts, photoChecks, bookings, now }),
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
    },
    listingAlerts,
    unsubscribeTokens,
    conversations,
    viewingSlots: createViewingSlotQueries(db),
    bookings,
    moderation,
    now,
  }
}

/**
 * Node's request listener for the app: cached public reads, else the Hono app. A listing read
 * whose cached response is still current is written from Node's request at once (decision 010).
 */
export function appRequestListener(
  context: AppContext,
  app: Pick<App, 'fetch'> = createApp(context),
): RequestListener {
  const honoApp = getRequestListener(app.fetch)
  const headers = securityHeaderList(securityHeaderOptionsOf(context.config, context.media))
  return serveCachedResponses({ cache: context.responseCache, headers }, honoApp)
}

export function createApp(
  context: AppContext,
  options: { clientDir?: string; renderPage?: RenderPage } = {},
) {
  const clientDir = options.clientDir ?? defaultClientDir
  // The client's server entry is built beside the client (dist/render).
  const renderPage = options.renderPage
  const pageRenderer = renderPage
    ? () => Promise.resolve(renderPage)
    : pageRendererLoader(path.join(clientDir, '..', 'render', 'render-page.js'))
  const pageCache = createResponseCache({
    currentVersion: () => context.listings.version(),
    maxAgeMs: responseMaxAgeMs,
    now: context.now,
  })
  const countSearchRead = createSearchReadLimit({
    perMinute: context.config.searchReadsPerMinute,
    clientAddress: context.clientAddress,
  })
  const pageHead = createPageHeads({
    db: context.db,
    media: context.media,
    listings: context.listings,
    users: context.users,
    now: context.now,
    publicUrl: context.config.publicUrl,
    chunks: loadPageChunks(clientDir),
  })
  const { config, auth, listings, users, requestLimits, clientAddress } = context
  // What the per-address limits of several routes need.
  const limits = { requestLimits, clientAddress }
  const conversationRoutes = conversationsRoutes({
    auth,
    conversations: context.conversations,
    listings,
    requestLimits,
  })
  const moderation = moderationRoutes({ auth, ...context.moderation, listings, requestLimits })
  const viewingRoutes = viewingsRoutes({
    config,
    auth,
    listings,
    viewingSlots: context.viewingSlots,
    bookings: context.bookings,
    now: context.now,
  })
  const api = new Hono()
    // Before anything reads a body or a cookie: writes come from our own pages only.
    .use('*', sameOriginWrites(context.config.publicUrl))
    // JSON bodies are small; reading a huge one into memory is how a server is knocked over.
    // (Uploads stream to disk and have their own limit.)
    .use('*', (c, next) =>
      c.req.path.startsWith('/api/uploads') ? next() : jsonBodyLimit(c, next),
    )
    .route('/listings', conversationRoutes.ask)
    .route('/listings', moderation.reports)
    .route('/moderation', moderation.moderation)
    .route('/conversations', conversationRoutes.conversations)
    .route('/listings', viewingRoutes.slotsOfListing)
    .route('/viewing-slots', viewingRoutes.bookingsOfSlot)
    .route('/bookings', viewingRoutes.bookings)
    .route(
      '/listings',
      listingsRoutes({
        db: context.db,
        media: context.media,
        listings: context.listings,
        writes: context.writes,
        auth,
        responseCache: context.responseCache,
        countSearchRead,
        hiddenListings: context.moderation.hiddenListingReader,
        now: context.now,
      }),
    )
    .route('/favourites', favouritesRoutes({ favourites: context.favourites, auth }))
    .route(
      '/uploads',
      uploadsRoutes({
        config,
        auth,
        uploads: context.uploads,
        media: context.media,
        mediaRoot: context.mediaRoot,
        staging: context.staging,
      }),
    )
    .route('/geocode', geocodeRoutes(context.geocoder, auth))
    .route('/places', placesRoutes(createPlaceSearch(context.db)))
    .route(
      '/saved-searches',
      savedSearchesRoutes({ savedSearches: context.savedSearches, auth, ...limits }),
    )
    .route('/users', landlordProfileRoutes({ users, ...limits }))
    .route('/users', usersRoutes({ users, auth, ...limits }))
    .route(
      '/auth',
      authRoutes({
        auth,
        signInThrottle: context.signInThrottle,
        ...limits,
        googleConfigured: Boolean(config.google.clientId && config.google.clientSecret),
      }),
    )
    .all('*', (c) => c.json({ error: 'Not found' } satisfies ErrorBody, 404))

  const app = new Hono()
    .use(securityHeaders(securityHeaderOptionsOf(context.config, context.media)))
    .get('/healthz', async (c) => {
      try {
        await context.listings.any()
        return c.json({ ok: true, instance: instanceName })
      } catch {
        return c.json({ ok: false, error: 'Database unavailable', instance: instanceName }, 503)
      }
    })
    .route('/api', api)
    .route(
      '/unsubscribe',
      unsubscribeRoutes({
        db: context.db,
        unsubscribeTokens: context.unsubscribeTokens,
        publicUrl: context.config.publicUrl,
      }),
    )
    .route('/media', context.mediaRoot ? mediaRoutes(context.mediaRoot) : new Hono())
    .route(shareImagesPath, shareImageRoutes(createShareImages(context.media)))
    .route(
      '/',
      sitemapsRoutes({
        publicUrl: context.config.publicUrl,
        sitemapPages: createSitemapPages(context.db),
      }),
    )
    .route(
      '/',
      webRoutes(loadClientFiles(clientDir), {
        mapTileUrl: context.config.mapTileUrl,
        pageHead,
        pageRenderer,
        pageCache,
        countSearchRead,
        countLandlordLookup: landlordLookupCounter(limits),
        countLandlordProfile: landlordProfileCounter(limits),
        viewer: (c) => context.moderation.pageViewer(() => readUser(auth, c)),
      }),
    )

  app.notFound((c) => c.json({ error: 'Not found' } satisfies ErrorBody, 404))
  app.onError(errorResponses(context.db))
  return app
}

export type App = ReturnType<typeof createApp>
