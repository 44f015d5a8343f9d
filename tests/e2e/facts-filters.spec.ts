// The search's filters for the listing facts: home types and the floor area in the phone's sheet and
// the desktop's bar, the address that holds them, their removable chips, and a saved search that
// keeps them. Three homes of one owner, found by a word only their names share, so that listings
// other journeys add meanwhile cannot change what is expected.
import crypto from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import type { Listing } from '../../src/shared/listing'
import type { ListingFacts } from '../../src/shared/listing-schema'
import type { SavedSearchList } from '../../src/shared/saved-search'
import { toastWith } from '../support/e2e/accounts'
import { axeViolations } from '../support/e2e/axe'
import { expect, test, type ListingSeed, type TestUser } from '../support/e2e/session'

const phone = { width: 390, height: 844 }
const desktop = { width: 1440, height: 900 }

const results = (page: Page) => page.getByRole('region', { name: 'Results', exact: true })
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Filters' })
const bar = (page: Page) => page.getByRole('form', { name: 'Filters' })
const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' })

/** The names of the result cards, once there are `count` of them, in any order. */
async function shownNames(page: Page, listings: Listing[], count: number): Promise<string[]> {
  await expect(results(page).getByRole('listitem')).toHaveCount(count)
  const texts = await results(page).getByRole('listitem').allTextContents()
  return listings
    .filter((listing) => texts.some((text) => text.includes(listing.name)))
    .map((listing) => listing.name)
    .sort()
}

type FactsSeed = ListingSeed & ListingFacts

/** A flat of 60 m², a house of 150 m² and a studio that gives no area, named with `word`. */
async function threeHomes(
  listingOf: (user: TestUser, seed: ListingSeed) => Promise<Listing>,
  user: TestUser,
  word: string,
) {
  const seeds: FactsSeed[] = [
    { name: `${word} flat home`, homeType: 'apartment', floorArea: 60 },
    { name: `${word} house home`, homeType: 'house', floorArea: 150 },
    { name: `${word} studio home`, homeType: 'studio' },
  ]
  const listings: Listing[] = []
  for (const seed of seeds) listings.push(await listingOf(user, seed))
  const [flat, house, studio] = listings as [Listing, Listing, Listing]
  return { flat, house, studio }
}

const tick = (scope: Locator, label: string) =>
  scope.getByRole('checkbox', { name: label, exact: true }).check()

test.describe('on a phone, 390×844', () => {
  test.use({ viewport: phone })

  test('filter by home type, then by area, in the sheet; each filter a chip that removes it', async ({
    page,
    account,
    listingOf,
  }) => {
    const word = `Qf${crypto.randomUUID().slice(0, 6)}`
    const { flat, house, studio } = await threeHomes(listingOf, account, word)
    const all = [flat, house, studio]
    await page.goto(`/search?q=${word}`)
    expect(await shownNames(page, all, 3)).toEqual([flat.name, house.name, studio.name].sort())

    await page.getByRole('button', { name: /^Filters/ }).click()
    await expect(sheet(page)).toBeVisible()
    await tick(sheet(page), 'House')
    await tick(sheet(page), 'Apartment')
    await sheet(page).getByRole('checkbox', { name: 'House', exact: true }).scrollIntoViewIfNeeded()
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: test.info().outputPath('filters-sheet-390.png') })
    await sheet(page)
      .getByRole('button', { name: /Apply filters|Show/ })
      .click()
    await expect(sheet(page)).toHaveCount(0)

    // The address names the types in alphabetical order, whatever order they were ticked in.
    await expect(page).toHaveURL(/homeType=apartment%2Chouse/)
    expect(await shownNames(page, all, 2)).toEqual([flat.name, house.name].sort())
    await expect(chips(page).getByRole('link', { name: 'Remove Apartment or house' })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveText(/1 active/)

    // A bigger home than the flat: only the house.
    await page.getByRole('button', { name: /^Filters/ }).click()
    await sheet(page).getByLabel('Min area').fill('100')
    await sheet(page)
      .getByRole('button', { name: /Apply filters|Show/ })
      .click()
    await expect(page).toHaveURL(/minArea=100/)
    expect(await shownNames(page, all, 1)).toEqual([house.name])

    // Without the home types, the studio still does not show: it gives no area.
    await chips(page).getByRole('link', { name: 'Remove Apartment or house' }).click()
    await expect(page).not.toHaveURL(/homeType/)
    await expect(chips(page).getByRole('link', { name: 'Remove From 100 m²' })).toBeVisible()
    expect(await shownNames(page, all, 1)).toEqual([house.name])
    await page.screenshot({ path: test.info().outputPath('filters-chips-390.png') })

    await chips(page).getByRole('link', { name: 'Remove From 100 m²' }).click()
    await expect(page).not.toHaveURL(/minArea/)
    expect(await shownNames(page, all, 3)).toHaveLength(3)
  })
})

test.describe('on a desktop, 1440×900', () => {
  test.use({ viewport: desktop })

  test('filter by area and home type in the bar, and save the search with them', async ({
    page,
    account,
    listingOf,
  }) => {
    const word = `Qf${crypto.randomUUID().slice(0, 6)}`
    const { flat, house, studio } = await threeHomes(listingOf, account, word)
    const all = [flat, house, studio]
    await page.goto(`/search?q=${word}`)
    expect(await shownNames(page, all, 3)).toHaveLength(3)

    await bar(page).getByLabel('Max area').fill('100')
    await tick(bar(page), 'Apartment')
    await tick(bar(page), 'Studio')
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: test.info().outputPath('filters-bar-1440.png') })
    await bar(page).getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(/homeType=apartment%2Cstudio&maxArea=100/)
    // The studio is of a type asked for, but gives no area.
    expect(await shownNames(page, all, 1)).toEqual([flat.name])
    await expect(chips(page).getByRole('link', { name: 'Remove Up to 100 m²' })).toBeVisible()
    await expect(
      chips(page).getByRole('link', { name: 'Remove Apartment or studio' }),
    ).toBeVisible()

    await page.getByRole('button', { name: 'Save this search' }).click()
    const dialog = page.getByRole('dialog', { name: 'Save this search' })
    await expect(dialog.getByLabel('Name')).toHaveValue(
      `${word} · up to 100 m² · apartment or studio`,
    )
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(
      toastWith(page, 'Search saved: find it under Saved searches in your Profile'),
    ).toBeVisible()
    const saved = (await (await page.request.get('/api/saved-searches')).json()) as SavedSearchList
    expect(saved.items).toHaveLength(1)
    expect(new URLSearchParams(saved.items[0]!.query).get('homeType')).toBe('apartment,studio')
    expect(new URLSearchParams(saved.items[0]!.query).get('maxArea')).toBe('100')
  })
})
