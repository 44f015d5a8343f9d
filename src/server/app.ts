// Composes the server: opens the database and media store, and mounts every route.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { HTTPException } from 'hono/http-exception'
import { createAuth, type Auth } from './auth/auth.js'
import { authRoutes } from './auth/auth.routes.js'
import type { Config } from './config.js'
import { openDatabase, type Db } from './db/database.js'
import { migrate } from './db/migrate.js'
import type { ErrorBody } from './http/validate.js'
import { createListingQueries, type ListingQueries } from './listings/listings.queries.js'
import { listingsRoutes } from './listings/listings.routes.js'
import { createMailer, type Mailer } from './mail/mailer.js'
import { createDiskStore } from './media/disk-store.js'
import type { MediaStore } from './media/media-store.js'
import { mediaRoutes } from './media/media.routes.js'
import { createUserQueries, type UserQueries } from './users/users.queries.js'
import { usersRoutes } from './users/users.routes.js'
import { loadClientFiles } from './web/client-files.js'
import { webRoutes } from './web/web.routes.js'

export interface AppContext {
  config: Config
  db: Db
  auth: Auth
  mailer: Mailer
  media: MediaStore
  mediaRoot: string
  listings: ListingQueries
  users: UserQueries
}

/** The built client: dist/client, beside the built server (also when run from src/ by tsx). */
const defaultClientDir = fileURLToPath(
  new URL(
    import.meta.url.includes('/src/server/') ? '../../dist/client' : '../client',
    import.meta.url,
  ),
)

/** Opens the database (running migrations) and the media store. */
export async function openAppContext(config: Config): Promise<AppContext> {
  const db = openDatabase(config)
  const mailer = createMailer(config)
  const auth = createAuth(config, db, mailer)
  await migrate(db, auth)
  const mediaRoot = path.join(config.dataDir, 'media')
  const media = createDiskStore(mediaRoot)
  return {
    config,
    db,
    auth,
    mailer,
    media,
    mediaRoot,
    listings: createListingQueries(db, media),
    users: createUserQueries(db),
  }
}

export function createApp(context: AppContext, options: { clientDir?: string } = {}) {
  const api = new Hono()
    .use(compress())
    .route('/listings', listingsRoutes(context.listings))
    .route('/users', usersRoutes(context.users, context.auth))
    .route('/auth', authRoutes(context.auth))
    .all('*', (c) => c.json({ error: 'Not found' } satisfies ErrorBody, 404))

  const app = new Hono()
    .get('/healthz', async (c) => {
      try {
        await context.db.kysely.selectFrom('listing').select('id').limit(1).execute()
        return c.json({ ok: true })
      } catch {
        return c.json({ ok: false, error: 'Database unavailable' }, 503)
      }
    })
    .route('/api', api)
    .route('/media', mediaRoutes(context.mediaRoot))
    .route(
      '/',
      webRoutes(loadClientFiles(options.clientDir ?? defaultClientDir), {
        mapTileUrl: context.config.mapTileUrl,
      }),
    )

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return c.json({ error: error.message || 'Request failed' } satisfies ErrorBody, error.status)
    }
    console.error(`${c.req.method} ${c.req.path} failed:`, error)
    return c.json({ error: 'Something went wrong on our side' } satisfies ErrorBody, 500)
  })
  return app
}

export type App = ReturnType<typeof createApp>
