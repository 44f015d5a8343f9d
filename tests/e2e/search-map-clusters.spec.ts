// The search map with more listings than it shows one by one: over 200 in view, the server returns
// numbered clusters. The journey's own user gets a few hundred listings, written straight into the
// seeded server's database (as `npm run seed` may while the server runs), and they go with that
// user at the end. It runs among the journeys that write (playwright.config.ts), after those that
// compare the screens with the seeded listings, and its listings are a year old, so newest-first
// lists show them last.
import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { homeCount } from '../../src/client/features/search/components/home-count'
import type { AppContext } from '../../src/server/app'
import { seededRandom } from '../../src/server/seed/random'
import { formatCompact } from '../../src/shared/format'
import { axeViolations } from '../support/e2e/axe'
import {
  badgeName,
  listingsOnMap,
  mapOf,
  mapShowsLatest,
  markerNames,
  pinName,
  recordMapReads,
  shownPin,
  type MapRead,
} from '../support/e2e/search-map'
import { expect, test, type TestUser } from '../support/e2e/session'
import { insertListing } from '../support/test-app'

test.use({ viewport: { width: 1440, height: 900 } })

/** The street of every listing of this run's, and of no other: the search finds just them. */
const street = `Crowd${crypto.randomUUID().slice(0, 6)} Row`

/** How far a town's listings spread, in degrees of latitude and longitude. */
const town = [0.04, 0.06] as const

/**
 * Where the listings stand: most across Paris, spread wide enough that they come apart into
 * pins only at a city's zoom; the others in cities far apart, so the world shows several badges.
 */
const crowds = [
  { place: 'Paris, France', lat: 48.8566, lng: 2.3522, spread: [0.7, 0.6], count: 240 },
  { place: 'London, United Kingdom', lat: 51.5074, lng: -0.1278, spread: town, count: 40 },
  { place: 'New York, United States', lat: 40.7128, lng: -74.006, spread: town, count: 40 },
  { place: 'Tokyo, Japan', lat: 35.6762, lng: 139.6503, spread: town, count: 30 },
  { place: 'Sydney, Australia', lat: -33.8688, lng: 151.2093, spread: town, count: 30 },
] as const
const kinds = ['Loft', 'Apartment', 'Townhouse', 'Cottage', 'Studio', 'Flat'] as const

/** The user's listings of `crowds`, a minute apart; their photos are a seeded listing's. */
async function insertCrowds(app: AppContext, user: TestUser): Promise<number> {
  const { images } = await app.db.kysely
    .selectFrom('listing')
    .select('images')
    .where('userRef', '!=', user.id)
    .executeTakeFirstOrThrow()
  // The same listings in every run, so that the map groups them the same way.
  const random = seededRandom(crowds.length)
  const yearAgo = Date.now() - 365 * 24 * 3_600_000
  let inserted = 0
  for (const { place, lat, lng, spread, count } of crowds) {
    const city = place.split(',')[0]!
    for (let k = 0; k < count; k++) {
      const type = random.chance(0.55) ? 'rent' : 'sale'
      inserted += 1
      await insertListing(app, {
        userRef: user.id,
        type,
        name: `${random.pick(kinds)} in ${city}`,
        location: `${inserted} ${street}, ${place}`,
        regularPrice: type === 'rent' ? random.int(16, 120) * 50 : random.int(150, 2500) * 1000,
        bedrooms: random.int(1, 5),
        images: JSON.parse(images) as string[],
        lat: lat + (random.next() - 0.5) * spread[0],
        lng: lng + (random.next() - 0.5) * spread[1],
        timestamp: yearAgo - inserted * 60_000,
      })
    }
  }
  return inserted
}

/** Waits until the map shows a response read after `before` reads, and gives it. */
async function nextShown(page: Page, reads: MapRead[], before: number): Promise<MapRead> {
  await expect.poll(() => reads.length).toBeGreaterThan(before)
  return mapShowsLatest(page, reads)
}

/** The counts of the badges the map shows, that zoom in when pressed. */
async function shownBadges(page: Page): Promise<number[]> {
  const names = await markerNames(page)
  return names.flatMap((name) => {
    const badge = /^(\d+) listings?: zoom in$/.exec(name)
    return badge ? [Number(badge[1])] : []
  })
}

/** The largest count among those no other badge shares. */
function largestOfItsCount(counts: number[]): number {
  const unique = counts.filter((count) => counts.indexOf(count) === counts.lastIndexOf(count))
  expect(unique.length, 'a badge of a count of its own').toBeGreaterThan(0)
  return Math.max(...unique)
}

test('many listings show as numbered badges that come apart into pins closer in', async ({
  page,
  newUser,
  seededApp,
}) => {
  const owner = await newUser('crowd', 'Crowd Owner')
  const total = await insertCrowds(seededApp, owner)

  const reads = recordMapReads(page)
  await page.goto(`/search?q=${encodeURIComponent(street)}`)
  await expect(page.getByText(homeCount(total), { exact: true })).toBeVisible()

  // Around all of them: the badges' counts and the pins add up to the page's count.
  await expect.poll(() => listingsOnMap(page)).toBe(total)
  let shown = await mapShowsLatest(page, reads)
  expect(shown.body.total).toBe(total)
  expect(shown.body.clusters.length).toBeGreaterThan(1)
  // The page may group further what would overlap on the screen: its badges say their counts.
  const badges = await shownBadges(page)
  expect(badges.length).toBeGreaterThan(1)
  for (const count of badges) {
    const badge = mapOf(page)
      .getByRole('button', { name: badgeName(count), exact: true })
      .first()
    await expect(badge.getByText(formatCompact(count), { exact: true })).toBeVisible()
  }
  expect(await axeViolations(page)).toEqual([])

  // A badge's click goes closer in, until the listings stand apart as pins.
  while (shown.body.clusters.length > 0) {
    const count = largestOfItsCount(await shownBadges(page))
    const before = reads.length
    await mapOf(page)
      .getByRole('button', { name: badgeName(count), exact: true })
      .click()
    const closer = await nextShown(page, reads, before)
    expect(closer.zoom).toBeGreaterThan(shown.zoom)
    shown = closer
  }
  // At a city's zoom, pins of the listings in view, all of them in Paris.
  expect(shown.zoom).toBeGreaterThanOrEqual(11)
  expect(shown.body.items.length).toBeGreaterThan(0)
  expect(shown.body.items.every((item) => item.name.endsWith(' in Paris'))).toBe(true)
  const item = await shownPin(page, reads)
  await expect(
    mapOf(page)
      .getByRole('button', { name: pinName(item), exact: true })
      .first(),
  ).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})
