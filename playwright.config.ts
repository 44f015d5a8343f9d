import { defineConfig } from '@playwright/test'
import {
  emptyPort,
  mailApi,
  oidcClient,
  oidcIssuer,
  seededPort,
  smtpPort,
} from './tests/support/e2e/ports'
import { chromiumFlags, chromiumPath } from './tests/support/chromium'

// Two servers of the built app: one with the demo data, one with an empty database.
const tileUrl = (port: number) => `http://127.0.0.1:${port}/e2e-tiles/{z}/{x}/{y}.png`
// Better Auth's callback for a provider it knows as 'google'.
const googleCallback = `http://127.0.0.1:${seededPort}/api/auth/callback/google`

// Mail and Google, as real servers on this machine: SMTP, a mail reader and an OpenID provider.
// First in the list, so it is up before the app reads the provider's discovery document.
const services = {
  command: 'node --import tsx tests/support/e2e/services.ts',
  url: `${mailApi}/healthz`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: { OIDC_REDIRECT_URI: googleCallback },
}

/** Only the seeded server sends mail and knows Google; the empty one has neither. */
const seededEnv = {
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // An instant alert within a journey's wait for its mail.
  ALERT_DELAY_SECONDS: '1',
  GOOGLE_CLIENT_ID: oidcClient.id,
  GOOGLE_CLIENT_SECRET: oidcClient.secret,
  GOOGLE_ISSUER: oidcIssuer,
}

const server = (name: string, port: number, seed: boolean) => ({
  command: `node -e "require('fs').rmSync('.tmp/e2e-${name}',{recursive:true,force:true})" && node --max-old-space-size=1024 dist/server/main.js`,
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: `.tmp/e2e-${name}`,
    SEED_DEMO: String(seed),
    MAP_TILE_URL: tileUrl(port),
    // The account tests/e2e/moderation.spec.ts makes and verifies to moderate.
    MODERATOR_EMAILS: 'moderator@example.com',
    // Listing views written every half second: tests/e2e/listing-stats.spec.ts waits for them.
    VIEW_BATCH_MS: '500',
    ...(seed ? seededEnv : {}),
  },
})

const writingJourneys =
  /(listings|listing-facts|listing-pin|listing-form|facts-form|facts-filters|listing-status|landlord-page|accessibility-signed-in|hostile-pages|layout|gallery|search-map-clusters|search-map-pins|search-area|search-area-alerts|favourites|saved-searches|alerts|ask-landlord|messages|viewings|viewings-page|moderation|stale-listings|listing-stats)\.spec\.ts/

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${seededPort}`,
    viewport: { width: 412, height: 860 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Playwright cannot download its own browser here: Debian's Chromium is used.
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  // The journeys that add, edit and delete listings run after those that compare the screens with
  // the seeded listings, so that a listing made meanwhile cannot change what those expect.
  projects: [
    { name: 'browse', testIgnore: writingJourneys },
    { name: 'manage', testMatch: writingJourneys, dependencies: ['browse'] },
    // `npm run screenshots` only: it rewrites docs/screenshots.
    ...(process.env.SCREENSHOTS ? [{ name: 'screenshots', testDir: 'tests/screenshots' }] : []),
  ],
  webServer: [services, server('seeded', seededPort, true), server('empty', emptyPort, false)],
})
