// Favourites: a visitor hearts a home, is told on the sign-in page why they are there,
// signs in, finds it saved on the page they left and on Saved homes, and unsaves it there; the same
// from a listing's page through Google sign-in. Each heart is named after its home.
import type { Page } from '@playwright/test'
import type { AppContext } from '../../src/server/app'
import { uniqueEmail } from '../support/e2e/accounts'
import { axeViolations } from '../support/e2e/axe'
import { expect, test } from '../support/e2e/session'

/**
 * The id of the newest seeded listing of `type`, near the top of its category's first page. Not a
 * journey's own listing, which may be deleted meanwhile (the manage project runs two workers at
 * once), nor the page's last card, which each listing added meanwhile pushes to the next page.
 */
async function newestSeeded(
  app: AppContext,
  type: 'rent' | 'sale',
): Promise<{ id: string; name: string }> {
  return app.db.kysely
    .selectFrom('listing')
    .innerJoin('user', 'user.id', 'listing.userRef')
    .select(['listing.id', 'listing.name'])
    .where('listing.type', '=', type)
    .where('listing.status', '=', 'active')
    .where('user.email', 'like', '%@example.com')
    .orderBy('listing.timestamp', 'desc')
    .orderBy('listing.id', 'desc')
    .executeTakeFirstOrThrow()
}

/** The card of the list linking to `href`, and its heart: a button beside the card's one link. */
function cardOf(page: Page, href: string) {
  const card = page
    .locator('main .card-grid > li')
    .filter({ has: page.locator(`a[href="${href}"]`) })
  return { card, link: card.getByRole('link').first(), heart: card.getByRole('button').last() }
}

test('a visitor hearts a card, signs in, finds it saved, and unsaves it on Saved homes', async ({
  page,
  newUser,
  seededApp,
}) => {
  const user = await newUser('saver', 'Saver Person')
  await page.goto('/category/rent')
  const home = await newestSeeded(seededApp, 'rent')
  const href = `/category/rent/${home.id}`
  const { card, link, heart } = cardOf(page, href)
  await expect(heart).toHaveAccessibleName(`Save ${home.name}`)
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  // The card stays one link; the heart is outside it, with a target of 44 px at least.
  await expect(card.getByRole('link')).toHaveCount(1)
  await expect(link.getByRole('button')).toHaveCount(0)
  const box = (await heart.boundingBox())!
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)

  await heart.click()
  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(page.getByText('Sign in to save this home')).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()

  // Back where they were, the home saved without pressing again.
  await expect(page).toHaveURL(/\/category\/rent$/)
  await expect(cardOf(page, href).heart).toHaveAttribute('aria-pressed', 'true')
  // A toggle keeps its name: pressed says it is saved.
  await expect(cardOf(page, href).heart).toHaveAccessibleName(`Save ${home.name}`)
  // Saved on the server, not only on the screen.
  await page.reload()
  await expect(cardOf(page, href).heart).toHaveAttribute('aria-pressed', 'true')

  // Saved homes is reached from Profile, not from the navigation bar.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Profile' })
    .click()
  await page.getByRole('link', { name: 'Saved homes' }).click()
  await expect(page).toHaveURL(/\/saved$/)
  await expect(page.getByRole('heading', { name: 'Saved homes', level: 1 })).toBeVisible()
  await expect(page).toHaveTitle('Saved homes | House Marketplace')
  const saved = cardOf(page, href)
  await expect(saved.card).toBeVisible()
  await expect(page.locator('main .card-grid > li')).toHaveCount(1)
  expect(await axeViolations(page)).toEqual([])

  await saved.heart.click()
  await expect(page.getByText('You have no saved homes yet')).toBeVisible()
  await expect(page.locator('main .card-grid > li')).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])

  // And no longer on the list it was saved from.
  await page.goto('/category/rent')
  await expect(cardOf(page, href).heart).toHaveAttribute('aria-pressed', 'false')
})

test("a visitor hearts a listing's page and signs in with Google to find it saved there", async ({
  page,
  seededApp,
}) => {
  await page.goto('/category/sale')
  const home = await newestSeeded(seededApp, 'sale')
  await cardOf(page, `/category/sale/${home.id}`).link.click()
  await expect(page).toHaveURL(/\/category\/sale\/[\w-]+$/)
  const listingPage = page.url()
  await page.getByRole('button', { name: `Save ${home.name}`, exact: true }).click()
  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(page.getByText('Sign in to save this home')).toBeVisible()

  const email = uniqueEmail('google-saver')
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Sign in with Google' }).click()
  const popup = await popupOpened
  await popup.getByLabel('Email').fill(email)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await popup.getByRole('button', { name: 'Allow' }).click()

  try {
    await expect(page).toHaveURL(listingPage)
    const heart = page.getByRole('button', { name: `Save ${home.name}`, exact: true })
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    await page.goto('/saved')
    await expect(page.locator('main .card-grid > li')).toHaveCount(1)
  } finally {
    // The provider's user goes with its saves, so that the seeded data ends as it began.
    await seededApp.db.kysely.deleteFrom('user').where('email', '=', email).execute()
  }
})
