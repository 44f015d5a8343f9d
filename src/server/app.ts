// Composes the server: mounts every route on the context app-context.ts opens.
import path from 'node:path'
import type { RequestListener } from 'node:http'
import { fileURLToPath } from 'node:url'
import { openAppContext, type AppContext } from './app-context.js'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { unsubscribeRoutes } from './alerts/unsubscribe.routes.js'
import { authRoutes } from './auth/auth.routes.js'
import { readUser } from './auth/session.js'
import { errorResponses } from './http/error-responses.js'
import { jsonBodyLimit } from './http/json-body-limit.js'
import { instanceName } from './instance-name.js'
import { conversationsRoutes } from './conversations/conversations.routes.js'
import { sameOriginWrites } from './http/same-origin.js'
import {
  securityHeaderList,
  securityHeaderOptionsOf,
  securityHeaders,
} from './http/security-headers.js'
import type { ErrorBody } from '../shared/error-body.js'
import { favouritesRoutes } from './favourites/favourites.routes.js'
import { geocodeRoutes } from './geocoding/geocode.routes.js'
import { createPlaceSearch } from './places/find-places.js'
import { placesRoutes } from './places/places.routes.js'
import {
  createResponseCache,
  responseMaxAgeMs,
  serveCachedResponses,
} from './listings/response-cache.js'
import { listingsRoutes } from './listings/listings.routes.js'
import { createSearchReadLimit } from './listings/search-read-limit.js'
import { mediaRoutes } from './media/media.routes.js'
import { shareImagesPath } from './media/share-image.js'
import { shareImageRoutes } from './media/share-image.routes.js'
import { createShareImages } from './media/share-images.js'
import { savedSearchesRoutes } from './saved-searches/saved-searches.routes.js'
import { createSitemapPages } from './sitemaps/sitemap-pages.js'
import { sitemapsRoutes } from './sitemaps/sitemaps.routes.js'
import { viewingsRoutes } from './viewings/viewings.routes.js'
import { uploadsRoutes } from './uploads/uploads.routes.js'
import { landlordLookupCounter, usersRoutes } from './users/users.routes.js'
import { landlordProfileCounter, landlordProfileRoutes } from './users/landlord-profile.routes.js'
import { loadClientFiles } from './web/client-files.js'
import { loadPageChunks } from './web/page-chunks.js'
import { createPageHeads } from './web/page-head.js'
import { pageRendererLoader, type RenderPage } from './web/page-renderer.js'
import { webRoutes } from './web/web.routes.js'
import { moderationRoutes } from './moderation/moderation.routes.js'
import { staleListingsRoutes } from './stale-listings/stale-listings.routes.js'
import { listingStatsRoutes } from './listing-stats/listing-stats.routes.js'
import { countListingViews } from './listing-stats/view-requests.js'
import type { PublicUser } from '../shared/profile.js'

/** The built client: dist/client, beside the built server (also when run from src/ by tsx). */
const defaultClientDir = fileURLToPath(
  new URL(
    import.meta.url.includes('/src/server/') ? '../../dist/client' : '../client',
    import.meta.url,
  ),
)

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
  const cachedOrHono = serveCachedResponses({ cache: context.responseCache, headers }, honoApp)
  return countListingViews(context.listingStats.views, cachedOrHono)
}

export { openAppContext, type AppContext }

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
  const statsRoutes = listingStatsRoutes({ auth, listingStats: context.listingStats })
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
    .route('/listings', statsRoutes.ofListing)
    .route('/listing-stats', statsRoutes.week)
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
    .route(
      '/still-available',
      staleListingsRoutes({ ...context.staleListings, publicUrl: context.config.publicUrl }),
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
        viewer: (c) => {
          let user: Promise<PublicUser | null> | undefined
          const asking = () => (user ??= readUser(auth, c))
          return {
            ...context.moderation.pageViewer(asking),
            ownListingStats: async (listingId) => {
              const user = await asking()
              return user ? context.listingStats.readOwn(listingId, user.id) : undefined
            },
          }
        },
      }),
    )

  app.notFound((c) => c.json({ error: 'Not found' } satisfies ErrorBody, 404))
  app.onError(errorResponses(context.db))
  return app
}

export type App = ReturnType<typeof createApp>
