// Signed-in journeys without the sign-in form, the way epic-stack's fixtures do it: the test
// process opens the seeded server's own database, creates the user and a session there, and hands
// the browser the session cookie. The server's sign-in budget (5 a minute) belongs to
// accounts.spec.ts; calls made in-process through `auth.api` do not go through its rate limiter.
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContextOptions, BrowserContext, Page } from '@playwright/test'
import { seededPort } from './ports'
import { openAppContext, type AppContext } from '../../../src/server/app'
import { loadConfig } from '../../../src/server/config'
import { newId } from '../../../src/server/ids'
import { storeUploadedImage } from '../../../src/server/media/images'
import type { Listing } from '../../../src/shared/listing'
import {
  listingFormDefaults,
  listingInputSchema,
  type ListingFields,
} from '../../../src/shared/listing-schema'
import { test as base, expect } from './fixtures'
import { photo, type ImageFile } from './images'
import { signIn as signInAs, type Credentials } from '../sign-in'
import { newAccount, type NewAccount } from './accounts'

export const seededServer = `http://127.0.0.1:${seededPort}`

/** The seeded server's DATA_DIR (playwright.config.ts): its database and its auth-secret file. */
const seededDataDir = fileURLToPath(new URL('../../../.tmp/e2e-seeded', import.meta.url))

export interface TestUser extends NewAccount {
  id: string
}

/**
 * The seeded server's database and auth, opened from the test process. No AUTH_SECRET is given,
 * so Better Auth reads the secret the server generated in DATA_DIR and its cookies are valid there.
 */
export function openSeededApp(): Promise<AppContext> {
  return openAppContext(
    loadConfig({
      DATA_DIR: seededDataDir,
      SEED_DEMO: 'false',
      PUBLIC_URL: seededServer,
      PORT: String(seededPort),
    }),
  )
}

export async function createUser(app: AppContext, label: string, name: string): Promise<TestUser> {
  const account = newAccount(label, name)
  const { user } = await app.auth.api.signUpEmail({ body: account })
  return { ...account, id: user.id }
}

/**
 * Another person's browser, signed in as `user`, on a desktop unless `options` say otherwise:
 * for journeys with several people at once.
 */
export async function signedInPage(
  browser: Browser,
  app: AppContext,
  user: Credentials,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: seededServer,
    viewport: { width: 1440, height: 900 },
    ...options,
  })
  await signIn(app, context, user)
  return context.newPage()
}

/** Signs the browser context in as the user: a fresh session, its cookie set for the app. */
export async function signIn(app: AppContext, context: BrowserContext, user: Credentials) {
  const [name, value] = (await signInAs(app, user)).split(/=(.*)/s)
  await context.addCookies([
    {
      name: name!,
      value: value!,
      url: seededServer,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ])
}

export interface ListingSeed extends Partial<ListingFields> {
  images?: ImageFile[]
}

/**
 * A listing of the user's, made as the app makes one: each image stored as a finished upload of
 * theirs, then the listing created (and its address geocoded) by the server's own code.
 */
export async function storeListing(
  app: AppContext,
  user: TestUser,
  seed: ListingSeed = {},
): Promise<Listing> {
  const { images = [await photo('front.jpg')], ...fields } = seed
  const uploadIds: string[] = []
  for (const image of images) {
    const id = newId(24)
    const imageKey = `images/${user.id}-${image.name}-${newId()}`
    await app.uploads.create({ id, userId: user.id, originalName: image.name })
    await storeUploadedImage(app.media, imageKey, image.buffer)
    await app.uploads.markReady(id, imageKey)
    uploadIds.push(id)
  }
  const input = listingInputSchema.parse({
    ...listingFormDefaults,
    name: `Test house ${newId(8)}`,
    address: '12 Rue de Rivoli, Paris, France',
    regularPrice: 1500,
    ...fields,
    images: uploadIds,
  })
  return app.writes.create(user.id, input)
}

interface SessionFixtures {
  /** A fresh user, signed in in the page's browser context. */
  account: TestUser
  /** Another fresh user, not signed in anywhere. */
  newUser: (label: string, name?: string) => Promise<TestUser>
  /** A listing of this user's, already in the database. */
  listingOf: (user: TestUser, seed?: ListingSeed) => Promise<Listing>
}

export const test = base.extend<SessionFixtures, { seededApp: AppContext }>({
  seededApp: [
    // Playwright reads a fixture's dependencies from this pattern: none, but it must be one.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const app = await openSeededApp()
      await use(app)
      await app.db.close()
    },
    { scope: 'worker' },
  ],

  newUser: async ({ seededApp }, use) => {
    const created: TestUser[] = []
    await use(async (label, name = 'Test Person') => {
      const user = await createUser(seededApp, label, name)
      created.push(user)
      return user
    })
    // Gone with their sessions, listings and uploads (all cascade from the user), so the seeded
    // lists that other journeys compare against hold the test's listings no longer than needed.
    const ids = created.map((user) => user.id)
    if (ids.length > 0) {
      await seededApp.db.kysely.deleteFrom('user').where('id', 'in', ids).execute()
    }
  },

  listingOf: async ({ seededApp }, use) => {
    await use((user, seed) => storeListing(seededApp, user, seed))
  },

  account: async ({ newUser, seededApp, context }, use) => {
    const user = await newUser('lister', 'Lister Person')
    await signIn(seededApp, context, user)
    await use(user)
  },
})

export { expect }
