// What the benchmark requests, as a browser would ask for it, chosen from the seeded rows.
import type { UserAgents } from './load.js'
import { limits, type ListingPage } from '../../src/shared/listing.js'
import type { MapResponse } from '../../src/shared/listing-requests.js'
import type { App } from '../../src/server/app.js'
import type { Db } from '../../src/server/db/database.js'
import { encodeCursor } from '../../src/shared/listing-cursor.js'
import { filterFingerprint } from '../../src/server/listings/filter-fingerprint.js'
import type { MessagingTargetName } from './messaging-targets.js'
import { commonDescriptionWord, rareDescriptionWord } from './descriptions.js'
import { cityRadiusKm, commonWord, degreesPerKm, type BenchCity } from './seed.js'

/** The searches of the search table (docs/performance.md); each is read from the database each time. */
export const searchTargetNames = [
  'search-text',
  'search-word',
  'search-two-words',
  'search-word-price',
  'search-word-box',
  'search-price',
  'search-common',
  'search-sorted',
  'search-deep',
  'map-city',
  'map-world',
  'search-area',
  'search-area-price',
  'search-description-rare',
  'search-description-common',
  'search-home-type',
  'search-floor-area',
  'search-available',
  'search-pets',
] as const
export type SearchTargetName = (typeof searchTargetNames)[number]

/** GET /api/places: the places of a typed prefix ('lon', the issue's), and of one letter. */
export const placesTargetNames = ['places', 'places-letter'] as const
export type PlacesTargetName = (typeof placesTargetNames)[number]

export type TargetName =
  | 'first'
  | 'deep'
  | 'offer'
  | 'detail'
  | 'detail-uncounted'
  | 'html'
  | 'html-listing'
  | 'html-category'
  | 'first-uncached'
  | 'deep-uncached'
  | SearchTargetName
  | PlacesTargetName
  | MessagingTargetName

export interface Target {
  name: TargetName
  path: string
  headers: Record<string, string>
  /**
   * Each request asks a query of its own (`&n=1`, `&n=2`…, a parameter the API ignores), so no
   * response is ever cached for it (decision 009): what reading a page from the database costs.
   */
  uncached?: boolean
  /** The requests come from these user agents in turn (a browser's views are counted). */
  userAgents?: UserAgents
}

/** The page the deep-cursor target asks for, when the rent list is that long. */
export const deepPage = 500
/** The page of a price sort that `search-deep` asks for, by following the API's cursors. */
export const deepSearchPage = 50
/** The city that the text search names and the city map shows. */
const searchCity = 'London'
/** Half the side of the city map's box. */
const cityBoxKm = cityRadiusKm + 2
// Words of the seeded streets that name no place, each in 0.3 to 3% of listings.
/** 'Avenida de la Libertad', in Spanish-speaking cities: about 2% of listings. */
const streetWord = 'libertad'
/** 'Rue de la Paix', in French-speaking cities: about 0.6% of listings. */
const rarerStreetWord = 'paix'
/** The share of listings that `search-word`'s word must match, as the search issue sets it. */
export const midWordShare = { min: 0.003, max: 0.03 }
/** Two words of the names, each common, together in under 1% of listings. */
const twoWords = 'quiet cottage'

const jsonHeaders = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' }
/** The browsers the `detail` target's requests come from: each one's views are counted. */
const browsers: UserAgents = {
  agent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  count: 1000,
}
/** The same number of crawlers: sent the same way, and not counted. */
const crawlers: UserAgents = {
  agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  count: 1000,
}
const htmlHeaders = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }

export interface ChosenTargets {
  targets: Target[]
  /** the page `deep` asks for: `deepPage`, or the last full page of a shorter rent list */
  deepPageReached: number
}

export async function chooseTargets(db: Db, app: App, cities: BenchCity[]): Promise<ChosenTargets> {
  const pageSize = limits.pageSize
  const rentCount = await countListings(db, 'rent')
  // The cursor of page p is the key of the last listing of page p - 1.
  const skipped = Math.min(
    (deepPage - 1) * pageSize,
    (Math.floor(rentCount / pageSize) - 1) * pageSize,
  )
  if (skipped < pageSize) throw new Error('Too few rent listings for a deep page')
  const beforeDeep = await db.kysely
    .selectFrom('listing')
    .select(['timestamp', 'id'])
    .where('type', '=', 'rent')
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .offset(skipped - 1)
    .limit(1)
    .executeTakeFirstOrThrow()
  const middle = await db.kysely
    .selectFrom('listing')
    .select(['id', 'type'])
    .orderBy('timestamp', 'desc')
    .offset(Math.floor((await countListings(db)) / 2))
    .limit(1)
    .executeTakeFirstOrThrow()

  const first = '/api/listings?type=rent'
  const cursor = encodeCursor({
    sort: 'newest',
    value: beforeDeep.timestamp,
    id: beforeDeep.id,
    fingerprint: filterFingerprint({ type: 'rent' }),
  })
  const deep = `/api/listings?type=rent&cursor=${cursor}`
  const city = cities.find((each) => each.name === searchCity)
  if (!city) throw new Error(`${searchCity} is not among the seeded cities`)
  const sorted = '/api/listings?type=rent&sort=price-asc'
  const search = (name: SearchTargetName, path: string): Target => ({
    name,
    path,
    headers: jsonHeaders,
    uncached: true,
  })
  return {
    deepPageReached: skipped / pageSize + 1,
    targets: [
      { name: 'first', path: first, headers: jsonHeaders },
      { name: 'deep', path: deep, headers: jsonHeaders },
      { name: 'first-uncached', path: first, headers: jsonHeaders, uncached: true },
      { name: 'deep-uncached', path: deep, headers: jsonHeaders, uncached: true },
      { name: 'offer', path: '/api/listings?offer=true', headers: jsonHeaders },
      // Cached, from 1,000 browsers whose views are counted; beside it the same read from 1,000
      // crawlers, which are not counted: what the read costs without counting.
      {
        name: 'detail',
        path: `/api/listings/${middle.id}`,
        headers: jsonHeaders,
        userAgents: browsers,
      },
      {
        name: 'detail-uncounted',
        path: `/api/listings/${middle.id}`,
        headers: jsonHeaders,
        userAgents: crawlers,
      },
      { name: 'html', path: '/', headers: htmlHeaders },
      {
        name: 'html-listing',
        path: `/category/${middle.type}/${middle.id}`,
        headers: htmlHeaders,
      },
      { name: 'html-category', path: '/category/rent', headers: htmlHeaders },
      search(
        'search-text',
        `/api/listings?q=${encodeURIComponent(city.name)}&type=rent&minBedrooms=2&sort=price-asc`,
      ),
      // The dearest first: listings of Spanish-speaking cities lie deep in that order.
      search('search-word', `/api/listings?q=${streetWord}&sort=price-desc`),
      search('search-two-words', `/api/listings?q=${encodeURIComponent(twoWords)}&sort=price-asc`),
      search('search-word-price', `/api/listings?q=${rarerStreetWord}&minPrice=1000&maxPrice=1500`),
      search(
        'search-word-box',
        `/api/listings?q=${commonWord.toLowerCase()}&bbox=${cityBox(city)}`,
      ),
      search('search-price', '/api/listings?minPrice=1000&maxPrice=1500'),
      search('search-common', `/api/listings?q=${commonWord.toLowerCase()}&sort=price-asc`),
      search('search-sorted', sorted),
      search('search-deep', await pagePath(app, sorted, deepSearchPage)),
      search('map-city', `/api/listings/map?bbox=${cityBox(city)}&zoom=12`),
      search('map-world', '/api/listings/map?bbox=-180,-90,180,90&zoom=2'),
      // Nothing of it is cached in the server: each request reads the place table.
      { name: 'places', path: '/api/places?q=lon', headers: jsonHeaders },
      { name: 'places-letter', path: '/api/places?q=s', headers: jsonHeaders },
      search('search-area', `/api/listings?polygon=${cityArea(city)}`),
      search('search-area-price', `/api/listings?polygon=${cityArea(city)}&sort=price-asc`),
      // Words only descriptions hold: about 0.05% and 2.5% of listings (descriptions.ts).
      search('search-description-rare', `/api/listings?q=${rareDescriptionWord}`),
      search(
        'search-description-common',
        `/api/listings?q=${commonDescriptionWord}&sort=price-asc`,
      ),
      search('search-home-type', '/api/listings?homeType=house,townhouse&sort=price-asc'),
      search('search-floor-area', '/api/listings?type=rent&minArea=60&maxArea=90'),
      search('search-available', `/api/listings?type=rent&availableBy=${inDays(14)}`),
      search('search-pets', '/api/listings?type=rent&petsAllowed=true&sort=price-asc'),
    ],
  }
}

/** The date `days` from today, as `YYYY-MM-DD`. */
function inDays(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60_000).toISOString().slice(0, 10)
}

/** The path of page `page` of a list, by following the API's own cursors from the first page. */
async function pagePath(app: App, path: string, page: number): Promise<string> {
  let cursor: string | null = null
  for (let reached = 1; reached < page; reached++) {
    const body: ListingPage = await readJson(app, cursor ? `${path}&cursor=${cursor}` : path)
    cursor = body.nextCursor
    if (!cursor) throw new Error(`${path} has ${reached} pages, fewer than ${page}`)
  }
  return `${path}&cursor=${cursor}`
}

/** A box of twice `cityBoxKm` a side around the city's centre. */
function cityBox(city: BenchCity): string {
  const perKm = degreesPerKm(city.lat)
  const [lat, lng] = [cityBoxKm * perKm.lat, cityBoxKm * perKm.lng]
  return [city.lng - lng, city.lat - lat, city.lng + lng, city.lat + lat]
    .map((degrees) => degrees.toFixed(4))
    .join(',')
}

/**
 * A city-sized area of 50 corners round the city's centre, 6 to 10 km out in five lobes (so it
 * is concave, and its box holds listings outside it), as a `polygon` parameter.
 */
function cityArea(city: BenchCity): string {
  const perKm = degreesPerKm(city.lat)
  return Array.from({ length: 50 }, (_, n) => {
    const angle = (n / 50) * 2 * Math.PI
    const km = cityRadiusKm * (1 + 0.25 * Math.sin(5 * angle))
    const lat = city.lat + km * perKm.lat * Math.sin(angle)
    const lng = city.lng + km * perKm.lng * Math.cos(angle)
    return `${lat.toFixed(5)},${lng.toFixed(5)}`
  }).join(';')
}

/**
 * How many listings a search target's filters match: the map's `total` for the same filters, over
 * the whole world unless the target has a box of its own.
 */
export async function countMatches(app: App, target: Target): Promise<number> {
  const query = new URL(target.path, 'http://bench').searchParams
  for (const name of ['sort', 'cursor', 'zoom']) query.delete(name)
  if (!query.has('bbox')) query.set('bbox', '-180,-90,180,90')
  query.set('zoom', '0')
  const map: MapResponse = await readJson(app, `/api/listings/map?${query.toString()}`)
  return map.total
}

async function readJson<T>(app: App, path: string): Promise<T> {
  const response = await app.request(path, { headers: { accept: 'application/json' } })
  if (response.status !== 200) {
    throw new Error(`${path} responded ${response.status}: ${await response.text()}`)
  }
  return (await response.json()) as T
}

async function countListings(db: Db, type?: 'rent' | 'sale'): Promise<number> {
  let query = db.kysely.selectFrom('listing').select((eb) => eb.fn.countAll<number>().as('count'))
  if (type) query = query.where('type', '=', type)
  return Number((await query.executeTakeFirstOrThrow()).count)
}
