// The search map as a journey sees it: the responses of /api/listings/map the page is given, and the
// pins and badges a screen reader hears on the map. The page groups pins that would overlap into
// badges, so a response's listings are counted, not matched marker for marker.
import type { Page } from '@playwright/test'
import { formatPrice } from '../../../src/shared/format'
import type { Bbox, MapResponse, MapItem } from '../../../src/shared/listing-requests'
import { expect } from './fixtures'

export const bboxText = ({ west, south, east, north }: Bbox) => [west, south, east, north].join(',')

export function parseBbox(text: string): Bbox {
  const [west, south, east, north] = text.split(',').map(Number) as [number, number, number, number]
  return { west, south, east, north }
}

export const worldText = '-180,-90,180,90'

export interface MapRead {
  bbox: Bbox
  zoom: number
  /** the read's text search, if any */
  q: string | null
  body: MapResponse
  /** The page's count of the search's homes: zoom 0 over the search's area (the world by default). */
  count: boolean
}

/** Every response of /api/listings/map the page is given, in the order they come. */
export function recordMapReads(page: Page): MapRead[] {
  const reads: MapRead[] = []
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (url.pathname !== '/api/listings/map' || !response.ok()) return
    const bbox = url.searchParams.get('bbox')!
    const zoom = Number(url.searchParams.get('zoom'))
    const q = url.searchParams.get('q')
    const searched = new URL(page.url()).searchParams.get('bbox') ?? worldText
    const body = (await response.json()) as MapResponse
    reads.push({ bbox: parseBbox(bbox), zoom, q, body, count: zoom === 0 && bbox === searched })
  })
  return reads
}

/** The map's latest read: the page's own count (see above) is not one. */
export const latestOfMap = (reads: MapRead[]) => reads.filter((read) => !read.count).at(-1)

/** What a screen reader says of a pin: the listing's name and its price. */
export const pinName = (item: MapItem) =>
  `${item.name}, $${formatPrice(item.price)}${item.type === 'rent' ? ' / Month' : ''}`
/** What a screen reader says of a cluster's badge. */
export const badgeName = (count: number) =>
  `${count === 1 ? '1 listing' : `${count} listings`}: zoom in`
/** What a screen reader says of a badge of listings at one place. */
export const placeName = (count: number) => `${count} listings here: show the list`
const pinPattern = /, \$[\d,]+( \/ Month)?$/
const badgePattern = /^(\d+) listings?(: zoom in| here: show the list)$/
const markerPattern = new RegExp(`${pinPattern.source}|${badgePattern.source}`)

export const mapOf = (page: Page) => page.getByRole('region', { name: 'Map of the results' })

/** How many listings the map's pins and badges stand for, as a screen reader hears them. */
export async function listingsOnMap(page: Page): Promise<number> {
  const tree = await mapOf(page).ariaSnapshot()
  let listings = 0
  // A badge's line is quoted in the snapshot's YAML, for the colon of its name.
  for (const [, name] of tree.matchAll(/- '?button "([^"]*)"/g)) {
    const badge = badgePattern.exec(name!)
    if (badge) listings += Number(badge[1])
    else if (pinPattern.test(name!)) listings += 1
  }
  return listings
}

/** The names of the map's markers, as a screen reader hears them. */
export async function markerNames(page: Page): Promise<string[]> {
  const tree = await mapOf(page).ariaSnapshot()
  return [...tree.matchAll(/- '?button "([^"]*)"/g)]
    .map(([, name]) => name!)
    .filter((name) => markerPattern.test(name))
}

/**
 * Waits until the map shows its latest response: each of its listings in a pin of its own or in a
 * badge, and nothing else. Gives that response.
 */
export async function mapShowsLatest(page: Page, reads: MapRead[]): Promise<MapRead> {
  let shown: MapRead | undefined
  await expect(async () => {
    shown = latestOfMap(reads)
    expect(shown, "a response of the map's").toBeDefined()
    const { items, total } = shown!.body
    expect(await listingsOnMap(page)).toBe(total)
    const pinNames = new Set(items.map(pinName))
    for (const name of await markerNames(page)) {
      if (pinPattern.test(name)) expect(pinNames.has(name), name).toBe(true)
    }
  }).toPass()
  return shown!
}

/** A listing of the response whose own pin the map shows (not one in a badge), if any. */
export async function pinOfItsOwn(page: Page, body: MapResponse): Promise<MapItem | undefined> {
  const names = new Set(await markerNames(page))
  return body.items.find((candidate) => names.has(pinName(candidate)))
}

/**
 * A listing with a pin of its own: while the pins share badges, a badge's click goes closer in,
 * where they stand apart.
 */
export async function shownPin(page: Page, reads: MapRead[]): Promise<MapItem> {
  let { body } = await mapShowsLatest(page, reads)
  for (;;) {
    const item = await pinOfItsOwn(page, body)
    if (item) return item
    const before = reads.length
    await mapOf(page)
      .getByRole('button', { name: / zoom in$/ })
      .first()
      .click()
    await expect.poll(() => reads.length).toBeGreaterThan(before)
    ;({ body } = await mapShowsLatest(page, reads))
  }
}

/** Whether `inner` lies wholly inside `outer`. */
export const inside = (outer: Bbox, inner: Bbox) =>
  outer.west <= inner.west &&
  outer.south <= inner.south &&
  outer.east >= inner.east &&
  outer.north >= inner.north
