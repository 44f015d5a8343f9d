// A screen's own script held back, so that a test can act on the server-rendered page before the
// screen is hydrated, then let it go live.
import type { Page } from '@playwright/test'

/** Holds back the script of `screen` (its chunk, `assets/{screen}-….js`); returns its release. */
export async function holdScreenScript(page: Page, screen: string): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**/assets/${screen}-*.js`, async (route) => {
    await released
    await route.continue()
  })
  return release
}
