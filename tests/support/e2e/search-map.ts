// The search map as a journey sees it: the answers of /api/listings/map the page is given, and the
// pins and badges a screen reader hears on the map.
import type { Page } from '@playwright/test'
import { formatPrice } from '../../../src/shared/format'
import type { Bbox, MapAnswer, MapItem } from '../../../src/shared/listing-requests'
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
  answer: MapAnswer
  /** The page's count of the search's homes: zoom 0 over the search's area (the world by default). */
  count: boolean
}

/** Every answer of /api/listings/map the page is given, in the order they come. */
export function recordMapReads(page: Page): MapRead[] {
  const reads: MapRead[] = []
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (url.pathname !== '/api/listings/map' || !response.ok()) return
    const bbox = url.searchParams.get('bbox')!
    const zoom = Number(url.searchParams.get('zoom'))
    const q = url.searchParams.get('q')
    const searched = new URL(page.url()).searchParams.get('bbox') ?? worldText
    const answer = (await response.json()) as MapAnswer
    reads.push({ bbox: parseBbox(bbox), zoom, q, answer, count: zoom === 0 && bbox === searched })
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
const pinPattern = /, \$[\d,]+( \/ Month)?$/
const badgePattern = /^(\d+) listings?: zoom in$/
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

/** Waits until the map shows its latest answer, marker for marker, and gives that answer. */
export async function mapShowsLatest(page: Page, reads: MapRead[]): Promise<MapRead> {
  const map = mapOf(page)
  const markers = map.getByRole('button', { name: markerPattern })
  let shown: MapRead | undefined
  await expect(async () => {
    shown = latestOfMap(reads)
    expect(shown, "an answer of the map's").toBeDefined()
    const { items, clusters } = shown!.answer
    const names = [...items.map(pinName), ...clusters.map(({ count }) => badgeName(count))]
    await expect(markers).toHaveCount(names.length, { timeout: 1000 })
    for (const name of new Set(names)) {
      const times = names.filter((other) => other === name).length
      await expect(map.getByRole('button', { name, exact: true })).toHaveCount(times, {
        timeout: 1000,
      })
    }
  }).toPass()
  return shown!
}

/** Whether `inner` lies wholly inside `outer`. */
export const inside = (outer: Bbox, inner: Bbox) =>
  outer.west <= inner.west &&
  outer.south <= inner.south &&
  outer.east >= inner.east &&
  outer.north >= inner.north
