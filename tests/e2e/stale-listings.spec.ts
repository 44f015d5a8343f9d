// The links of a 'Still available?' mail, followed in a browser without signing in: the first only
// asks ('Yes, keep it listed' is a button), its button keeps the listing listed; the other marks it
// sold, and the listing's page then says so. The mail is made and sent in
// src/server/stale-listings/stale-listings.api.test.ts with a moved clock; here the test records
// that the owner was asked, as the hourly job does, and builds the links with the server's secret.
import type { AppContext } from '../../src/server/app'
import { insertListing } from '../support/test-app'
import { allowConsoleErrors } from '../support/e2e/fixtures'
import { expect, seededServer, test, type TestUser } from '../support/e2e/session'

const day = 24 * 60 * 60_000

/** A listing of the owner's, published 61 days ago, whose owner was asked about it just now. */
async function askedListing(app: AppContext, owner: TestUser, name: string) {
  const listing = await insertListing(app, {
    userRef: owner.id,
    type: 'sale',
    name,
    timestamp: Date.now() - 61 * day,
  })
  const mailedAt = Date.now()
  await app.db.kysely
    .insertInto('stale_listing')
    .values({ listingId: listing.id, mailedAt })
    .execute()
  const link = { listingId: listing.id, mailedAt }
  const { links } = app.staleListings
  return {
    id: listing.id,
    keep: links.url(link, 'keep').replace(seededServer, ''),
    close: links.url(link, 'close').replace(seededServer, ''),
  }
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`the 'Still available?' links at ${viewport.width}px`, () => {
    test.use({ viewport })

    test('keep the listing listed with one button, and mark it sold with the other', async ({
      page,
      seededApp,
      newUser,
    }) => {
      const owner = await newUser('stale-owner', 'Stella Stale')
      const kept = await askedListing(seededApp, owner, `Kept Cottage ${viewport.width}`)
      await page.goto(kept.keep)
      await expect(page.getByRole('heading', { name: 'Is it still available?' })).toBeVisible()
      await page.screenshot({ path: test.info().outputPath('keep-question.png') })
      await page.getByRole('button', { name: 'Yes, keep it listed' }).click()
      await expect(page.getByRole('heading', { name: 'It stays listed' })).toBeVisible()
      await page.getByRole('link', { name: 'See your listing' }).click()
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`Kept Cottage`)
      await expect(page.getByText('no longer on the market')).toHaveCount(0)

      const sold = await askedListing(seededApp, owner, `Sold Cottage ${viewport.width}`)
      await page.goto(sold.close)
      await expect(page.getByRole('heading', { name: 'Was it sold?' })).toBeVisible()
      await page.getByRole('button', { name: 'Mark as sold' }).click()
      await expect(page.getByRole('heading', { name: 'Marked as sold' })).toBeVisible()
      await page.screenshot({ path: test.info().outputPath('marked-sold.png') })
      await page.getByRole('link', { name: 'See your listing' }).click()
      await expect(page.getByText('no longer on the market')).toBeVisible()

      // The keep link of a sold home keeps nothing listed: its page's status is 409.
      allowConsoleErrors(page, /status of 409/)
      await page.goto(sold.keep)
      await expect(
        page.getByRole('heading', { name: 'This listing cannot be kept listed' }),
      ).toBeVisible()
    })
  })
}
