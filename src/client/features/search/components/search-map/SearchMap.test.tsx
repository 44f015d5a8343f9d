// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bbox, ListingFilter, MapResponse } from '../../../../../shared/listing-requests'
import { createQueryClient } from '../../../../api/query-client'
import SearchMap from './SearchMap'

const mapResponse: MapResponse = {
  total: 253,
  items: [
    {
      id: 'flat1',
      type: 'sale',
      name: 'Sunny Loft in Paris',
      price: 350000,
      lat: 48.86,
      lng: 2.35,
    },
    { id: 'flat2', type: 'rent', name: 'Quiet Flat in Lyon', price: 1250, lat: 45.76, lng: 4.84 },
  ],
  clusters: [
    { lat: 51.5, lng: -0.12, count: 250 },
    { lat: 40.42, lng: -3.7, count: 1 },
  ],
}

let requests: URLSearchParams[]
/** The server's response to a request of the map's. */
let serve: (request: URLSearchParams) => MapResponse

// happy-dom lays nothing out: Leaflet reads its size from here, as from an 800 × 600 px box.
const boxSize = { clientWidth: 800, clientHeight: 600 }
beforeAll(() => {
  for (const [name, value] of Object.entries(boxSize)) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value })
  }
})
afterAll(() => {
  for (const name of Object.keys(boxSize)) {
    Reflect.deleteProperty(HTMLElement.prototype, name)
  }
})

/** The last request's bbox as numbers. */
function lastBbox(): Bbox {
  const [west, south, east, north] = requests.at(-1)!.get('bbox')!.split(',').map(Number)
  return { west: west!, south: south!, east: east!, north: north! }
}

const contains = (bbox: Bbox, point: { lat: number; lng: number }) =>
  point.lat >= bbox.south &&
  point.lat <= bbox.north &&
  point.lng >= bbox.west &&
  point.lng <= bbox.east

/** Listings in Paris and in London: a search for a city's name finds its own. */
const cities = {
  paris: {
    total: 13,
    items: [mapResponse.items[0]!],
    clusters: [{ lat: 48.85, lng: 2.36, count: 11 }],
  },
  london: {
    total: 2,
    items: [
      {
        id: 'home1',
        type: 'sale',
        name: 'Townhouse in London',
        price: 900000,
        lat: 51.51,
        lng: -0.13,
      },
      { id: 'home2', type: 'rent', name: 'Studio in London', price: 1800, lat: 51.5, lng: -0.1 },
    ],
    clusters: [],
  },
} satisfies Record<string, MapResponse>
const serveCities = (request: URLSearchParams) => cities[request.get('q') as keyof typeof cities]

/** Whether a bbox is around the response's pins and badges, and at a city's size. */
const fittedTo = (bbox: Bbox, { items, clusters }: MapResponse) =>
  [...items, ...clusters].every((point) => contains(bbox, point)) && bbox.east - bbox.west < 1

beforeEach(() => {
  requests = []
  serve = () => mapResponse
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const request = new URL(url, 'http://localhost').searchParams
      requests.push(request)
      return new Response(JSON.stringify(serve(request)), {
        headers: { 'Content-Type': 'application/json' },
      })
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The map as the search page shows it; `rerender` gives it the page's next filter. */
function showMapWith(filter: ListingFilter, onSearchArea: (bbox: Bbox) => void = () => {}) {
  const queryClient = createQueryClient()
  const page = (next: ListingFilter) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SearchMap filter={next} onSearchArea={onSearchArea} />
      </MemoryRouter>
    </QueryClientProvider>
  )
  const view = render(page(filter))
  return {
    region: screen.getByRole('region', { name: 'Map of the results' }),
    rerender: (next: ListingFilter) => view.rerender(page(next)),
  }
}

function showMap(filter: ListingFilter = {}, onSearchArea?: (bbox: Bbox) => void) {
  return showMapWith(filter, onSearchArea).region
}

describe('the search map', () => {
  it("asks for the search's filters inside the map's view", async () => {
    showMap({ q: 'loft', minBedrooms: 2 })
    await waitFor(() => expect(requests.length).toBeGreaterThan(0))
    const [first] = requests
    expect(first!.get('q')).toBe('loft')
    expect(first!.get('minBedrooms')).toBe('2')
    expect(first!.get('bbox')).toMatch(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/)
    expect(first!.get('zoom')).toMatch(/^\d+$/)
  })

  it('looks at the whole world first, then around the results it finds there', async () => {
    showMap()
    await waitFor(() => expect(requests).toHaveLength(2))
    expect(requests[0]!.get('bbox')).toBe('-180,-90,180,90')
    const zoom = Number(requests[1]!.get('zoom'))
    expect(zoom).toBeGreaterThan(Number(requests[0]!.get('zoom')))
    const fitted = lastBbox()
    for (const point of [...mapResponse.items, ...mapResponse.clusters])
      expect(contains(fitted, point)).toBe(true)
    expect(fitted.east - fitted.west).toBeLessThan(90)
    expect(screen.queryByRole('button', { name: 'Search this area' })).toBeNull()
  })

  it('shows the area searched, and moves to another area the page brings', async () => {
    const paris: Bbox = { west: 2.2, south: 48.8, east: 2.5, north: 48.95 }
    const { rerender } = showMapWith({ bbox: paris })
    await waitFor(() => expect(requests).toHaveLength(1))
    const first = lastBbox()
    expect(contains(first, { lat: paris.south, lng: paris.west })).toBe(true)
    expect(contains(first, { lat: paris.north, lng: paris.east })).toBe(true)
    expect(first.east - first.west).toBeLessThan(1)

    const lyon: Bbox = { west: 4.7, south: 45.7, east: 4.95, north: 45.8 }
    rerender({ bbox: lyon })
    await waitFor(() => expect(lastBbox().west).toBeGreaterThan(4))
    const next = lastBbox()
    expect(contains(next, { lat: lyon.south, lng: lyon.west })).toBe(true)
    expect(contains(next, { lat: lyon.north, lng: lyon.east })).toBe(true)
    expect(screen.queryByRole('button', { name: 'Search this area' })).toBeNull()
  })

  it('fits itself to the results of each new search without an area', async () => {
    serve = serveCities
    const { rerender } = showMapWith({ q: 'paris' })
    await waitFor(() => expect(requests).toHaveLength(2))
    expect(fittedTo(lastBbox(), cities.paris)).toBe(true)

    rerender({ q: 'london' })
    await waitFor(() => expect(fittedTo(lastBbox(), cities.london)).toBe(true))
    expect(requests.at(-1)!.get('q')).toBe('london')
    // As on the first load, it looked for them over the whole world.
    const looks = requests.filter((request) => request.get('bbox') === '-180,-90,180,90')
    expect(looks.map((request) => request.get('q'))).toEqual(['paris', 'london'])
    expect(screen.queryByRole('button', { name: 'Search this area' })).toBeNull()
  })

  it("leaves the visitor's view for a new search's results, and 'Search this area' with it", async () => {
    serve = serveCities
    const { rerender } = showMapWith({ q: 'paris' })
    await waitFor(() => expect(requests).toHaveLength(2))
    fireEvent.click(screen.getByRole('button', { name: '11 listings: zoom in' }))
    const searchArea = await screen.findByRole('button', { name: 'Search this area' })

    rerender({ q: 'london' })
    await waitFor(() => expect(fittedTo(lastBbox(), cities.london)).toBe(true))
    expect(searchArea.isConnected).toBe(false)
    expect(screen.queryByRole('button', { name: 'Search this area' })).toBeNull()
  })

  it('stays on the area searched when its other filters change', async () => {
    const paris: Bbox = { west: 2.2, south: 48.8, east: 2.5, north: 48.95 }
    const loft = mapResponse.items[0]!
    const flat = { ...loft, id: 'flat3', name: 'Bright Flat in Paris', lat: 48.9, lng: 2.3 }
    serve = (request) => ({
      total: 2,
      items: request.get('type') === 'sale' ? [loft, flat] : [loft],
      clusters: [],
    })
    const { rerender } = showMapWith({ bbox: paris, type: 'rent' })
    const pin = await screen.findByRole('button', { name: /^Sunny Loft in Paris/ })
    const place = [pin.style.left, pin.style.top]

    rerender({ bbox: paris, type: 'sale' })
    expect(await screen.findByRole('button', { name: /^Bright Flat in Paris/ })).toBeDefined()
    // Fitted to its results, the map would have moved the pin that was there already.
    expect([pin.style.left, pin.style.top]).toEqual(place)
    expect(requests.map((request) => request.get('bbox'))).toEqual(
      requests.map(() => requests[0]!.get('bbox')),
    )
  })

  it('shows a numbered badge for each cluster and a price pin for each listing', async () => {
    const region = showMap()
    expect(await screen.findByRole('button', { name: '250 listings: zoom in' })).toHaveProperty(
      'textContent',
      '250250 listings: zoom in',
    )
    expect(screen.getByRole('button', { name: '1 listing: zoom in' })).toBeDefined()
    const loft = screen.getByRole('button', { name: 'Sunny Loft in Paris, $350,000' })
    expect(loft.querySelector('[aria-hidden="true"]')?.textContent).toBe('$350K')
    const flat = screen.getByRole('button', { name: 'Quiet Flat in Lyon, $1,250 / Month' })
    expect(flat.querySelector('[aria-hidden="true"]')?.textContent).toBe('$1.3K')
    expect(region.contains(loft)).toBe(true)
  })

  it('shows the pins either side of the 180th meridian side by side', async () => {
    serve = () => ({
      total: 2,
      items: [
        { id: 'suva', type: 'sale', name: 'Villa in Suva', price: 400000, lat: -18.1, lng: 178.4 },
        { id: 'apia', type: 'sale', name: 'Villa in Apia', price: 300000, lat: -13.8, lng: -171.8 },
      ],
      clusters: [],
    })
    showMap({ bbox: { west: 170, south: -25, east: -165, north: -10 } })
    const suva = await screen.findByRole('button', { name: /^Villa in Suva/ })
    const apia = screen.getByRole('button', { name: /^Villa in Apia/ })
    // Without 3D transforms (happy-dom has none) Leaflet places a marker by its `left`.
    const x = (pin: HTMLElement) => parseFloat(pin.style.left)
    expect(x(apia) - x(suva)).toBeGreaterThan(0)
    expect(x(apia) - x(suva)).toBeLessThan(800)
  })

  it("writes a listing's name as text, never as HTML", async () => {
    const name = '<img src=x onerror="alert(1)">'
    serve = () => ({ total: 1, items: [{ ...mapResponse.items[0]!, name }], clusters: [] })
    const region = showMap()
    fireEvent.click(await screen.findByRole('button', { name: `${name}, $350,000` }))
    expect(await screen.findByRole('link', { name: `$350,000 ${name}` })).toBeDefined()
    expect(region.querySelector('img[src="x"]')).toBeNull()
  })

  it("opens a pin's card: one link to the listing with its price and name", async () => {
    showMap()
    fireEvent.click(await screen.findByRole('button', { name: /^Quiet Flat in Lyon/ }))
    const card = await screen.findByRole('link', { name: '$1,250 / Month Quiet Flat in Lyon' })
    expect(card.getAttribute('href')).toBe('/category/rent/flat2')
  })

  it('goes closer in when a cluster is pressed, and then offers to search this area', async () => {
    const onSearchArea = vi.fn()
    showMap({}, onSearchArea)
    const badge = await screen.findByRole('button', { name: '250 listings: zoom in' })
    await waitFor(() => expect(requests).toHaveLength(2))
    expect(screen.queryByRole('button', { name: 'Search this area' })).toBeNull()
    const zoomBefore = Number(requests[1]!.get('zoom'))

    fireEvent.click(badge)
    await waitFor(() => expect(Number(requests.at(-1)!.get('zoom'))).toBe(zoomBefore + 2))
    const shown = requests.at(-1)!.get('bbox')

    fireEvent.click(screen.getByRole('button', { name: 'Search this area' }))
    expect(onSearchArea).toHaveBeenCalledOnce()
    const [bbox] = onSearchArea.mock.calls[0] as [Bbox]
    expect([bbox.west, bbox.south, bbox.east, bbox.north].join(',')).toBe(shown)
    expect(screen.queryByRole('button', { name: 'Search this area' })).toBeNull()
  })

  it('presses a badge with Enter, and opens a pin with Space as well as Enter', async () => {
    showMap()
    const badge = await screen.findByRole('button', { name: '250 listings: zoom in' })
    await waitFor(() => expect(requests).toHaveLength(2))
    const zoomBefore = Number(requests[1]!.get('zoom'))
    fireEvent.keyDown(badge, { key: 'Enter' })
    await waitFor(() => expect(Number(requests.at(-1)!.get('zoom'))).toBe(zoomBefore + 2))

    fireEvent.keyDown(await screen.findByRole('button', { name: /^Sunny Loft in Paris/ }), {
      key: ' ',
    })
    expect(await screen.findByRole('link', { name: '$350,000 Sunny Loft in Paris' })).toBeDefined()
  })
})
