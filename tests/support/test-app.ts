// An isolated server for one test file: its own SQLite file in a fresh DATA_DIR, or its own
// PostgreSQL database (created on the server named by TEST_DATABASE_URL, dropped afterwards).
// Requests go in-process through Hono's `app.request(...)`; nothing listens on a port.
import crypto from 'node:crypto'
import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createApp, openAppContext, type App, type AppContext } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import type { Dialect } from '../../src/server/db/database'
import { newId } from '../../src/server/ids'
import {
  createListingQueries,
  type ListingFactColumns,
  type ListingRow,
} from '../../src/server/listings/listings.queries'
import type { Mailer } from '../../src/server/mail/mailer'

/** The databases the API tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL?.trim()
  ? ['sqlite', 'postgres']
  : ['sqlite']

export interface TestApp {
  dialect: Dialect
  context: AppContext
  app: App
  dataDir: string
  /** Closes the database, drops the PostgreSQL test database and removes DATA_DIR. */
  close(): Promise<void>
}

/** The test app's PUBLIC_URL (the default for port 3000): the Origin its writes must carry. */
export const testOrigin = 'http://localhost:3000'

export async function createTestApp(
  dialect: Dialect = 'sqlite',
  env: Record<string, string> = {},
  /** `now`: the server's clock, for tests that need another day */
  options: { now?: () => number } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-test-'))
  let database: { url: string; drop(): Promise<void> } | undefined
  try {
    if (dialect === 'postgres') database = await createPostgresDatabase()
    const config = loadConfig({
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
      SEED_DEMO: 'false',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    })
    const context = await openAppContext(config, options)
    const mails = trackMailsInFlight(context.mailer)
    // No built client in unit tests: point at an empty folder so `/` never reads src/client.
    const app = createApp(context, { clientDir: path.join(dataDir, 'no-client') })
    let closed = false
    return {
      dialect,
      context,
      app,
      dataDir,
      async close() {
        if (closed) return
        closed = true
        await mails.settled()
        try {
          await context.db.close()
        } finally {
          await database?.drop()
          await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5 })
        }
      },
    }
  } catch (error) {
    await database?.drop()
    await fs.rm(dataDir, { recursive: true, force: true })
    throw error
  }
}

/**
 * Keeps count of the mails `mailer` is sending, so that closing waits for them: a reset or
 * verification mail is sent after its response, and one written after the data folder is removed
 * fails (and fails whichever test runs then, by its console.error).
 */
function trackMailsInFlight(mailer: Mailer) {
  const sending = new Set<Promise<void>>()
  const send = mailer.send.bind(mailer)
  mailer.send = (mail) => {
    const sent = send(mail)
    sending.add(sent)
    void sent.catch(() => undefined).finally(() => sending.delete(sent))
    return sent
  }
  return { settled: () => Promise.allSettled([...sending]) }
}

/** A database of its own on the server of TEST_DATABASE_URL, to drop when done. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim()
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: cannot run the PostgreSQL tests')
  const name = `test_${crypto.randomBytes(8).toString('hex')}`
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      ),
  }
}

async function withAdmin(url: string, action: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    await action(client)
  } finally {
    await client.end()
  }
}

export interface TestUser {
  id: string
  name: string
  email: string
  password: string
}

let userCount = 0

/** Signs a user up through Better Auth, as the sign-up page would. */
export async function createUser(
  context: AppContext,
  fields: Partial<Omit<TestUser, 'id'>> = {},
): Promise<TestUser> {
  userCount += 1
  const name = fields.name ?? `Test User ${userCount}`
  const email =
    fields.email ?? `user-${userCount}-${crypto.randomBytes(4).toString('hex')}@example.com`
  const password = fields.password ?? 'correct horse battery'
  const { user } = await context.auth.api.signUpEmail({ body: { name, email, password } })
  return { id: user.id, name: user.name, email: user.email, password }
}

export type { ListingRow }

export interface ListingFields extends Partial<
  Omit<ListingRow, 'parking' | 'furnished' | 'offer' | 'images'>
> {
  userRef: string
  parking?: boolean
  furnished?: boolean
  offer?: boolean
  /** media keys, cover first; stored as the JSON text of the `images` column */
  images?: string[]
}

/** Inserts a listing row directly, so a test chooses its id and timestamp. */
export async function insertListing(
  context: AppContext,
  fields: ListingFields,
): Promise<ListingRow> {
  const row = listingRow(fields)
  await context.listings.insert(row)
  return row
}

/** Inserts many listing rows in one transaction: thousands in a second or two. */
export async function insertListings(
  context: AppContext,
  fields: ListingFields[],
): Promise<ListingRow[]> {
  const rows = fields.map(listingRow)
  await context.db.kysely.transaction().execute(async (trx) => {
    const listings = createListingQueries(context.db, context.media, trx)
    for (const row of rows) await listings.insert(row)
  })
  return rows
}

/** A listing row of these fields, the rest filled in as `insertListing` fills them. */
export function listingRow(fields: ListingFields): ListingRow {
  const offer = fields.offer ?? false
  return {
    id: fields.id ?? newId(),
    userRef: fields.userRef,
    type: fields.type ?? 'rent',
    name: fields.name ?? 'Test Listing Flat',
    bedrooms: fields.bedrooms ?? 2,
    bathrooms: fields.bathrooms ?? 1,
    parking: fields.parking ?? false,
    furnished: fields.furnished ?? false,
    location: fields.location ?? '1 Test Street, Paris, France',
    offer,
    regularPrice: fields.regularPrice ?? 1500,
    discountedPrice:
      fields.discountedPrice !== undefined ? fields.discountedPrice : offer ? 1200 : null,
    images: JSON.stringify(fields.images ?? []),
    lat: fields.lat ?? 48.8566,
    lng: fields.lng ?? 2.3522,
    timestamp: fields.timestamp ?? Date.now(),
    status: fields.status ?? 'active',
    ...(fields.placeId !== undefined && { placeId: fields.placeId }),
    ...factsOf(fields),
  }
}

/** The facts the fields give (description, home type, area, date, pets), and no others. */
function factsOf(fields: ListingFields): Partial<ListingFactColumns> {
  const facts: Partial<ListingFactColumns> = {}
  for (const name of factColumnNames) {
    if (fields[name] !== undefined) Object.assign(facts, { [name]: fields[name] })
  }
  return facts
}

const factColumnNames = [
  'description',
  'homeType',
  'floorArea',
  'availableFrom',
  'petsAllowed',
] as const satisfies readonly (keyof ListingFactColumns)[]

export interface JsonResponse<T = unknown> {
  status: number
  contentType: string | null
  body: T
}

/** GET (or another method) through the app in-process; the response must be JSON. */
export async function requestJson<T = unknown>(
  app: App,
  url: string,
  init?: RequestInit,
): Promise<JsonResponse<T>> {
  const response = await app.request(url, init)
  const text = await response.text()
  let body: T
  try {
    body = JSON.parse(text) as T
  } catch {
    throw new Error(`${url} responded ${response.status} with non-JSON: ${text.slice(0, 200)}`)
  }
  return { status: response.status, contentType: response.headers.get('content-type'), body }
}

/** A JSON write from the app's own pages (the same-origin check wants its Origin), signed in or not. */
export function sendJson(app: App, method: string, url: string, body: unknown, cookie?: string) {
  return requestJson<Record<string, unknown>>(app, url, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Origin: testOrigin,
      ...(cookie && { Cookie: cookie }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** Every file the disk media store holds in DATA_DIR, as keys. */
export function storedMediaFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'media')
  if (!fsSync.existsSync(root)) return []
  return (fsSync.readdirSync(root, { recursive: true, withFileTypes: true }) as fsSync.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
}

/** A listing body the API accepts, with these upload ids (or image URLs) as its images. */
export const validListingBody = (images: string[]) => ({
  type: 'rent',
  name: 'Sunny flat by the river',
  bedrooms: 2,
  bathrooms: 1,
  parking: true,
  furnished: false,
  address: '12 Rue de Rivoli, Paris, France',
  offer: true,
  regularPrice: 2500,
  discountedPrice: 2200,
  images,
})
