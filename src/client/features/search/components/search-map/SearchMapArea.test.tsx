// @vitest-environment happy-dom
// The search map's area outlined by hand, and its pins lit with the list's cards.
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  filterParameters,
  type ListingFilter,
  type MapResponse,
} from '../../../../../shared/listing-requests'
import type { Polygon } from '../../../../../shared/polygon'
import { createQueryClient } from '../../../../api/query-client'
import { outlineProblems } from './area-outline'
import SearchMap, { type SearchMapProps } from './SearchMap'

const paris: MapResponse = {
  total: 1,
  items: [{ id: 'loft1', type: 'sale', name: 'Sunny Loft', price: 350000, lat: 48.86, lng: 2.35 }],
  clusters: [],
}

// happy-dom lays nothing out: Leaflet reads its size from here, as from an 800 × 600 px box.
const boxSize = { clientWidth: 800, clientHeight: 600 }
beforeAll(() => {
  for (const [name, value] of Object.entries(boxSize)) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value })
  }
})
afterAll(() => {
  for (const name of Object.keys(boxSize)) Reflect.deleteProperty(HTMLElement.prototype, name)
})

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(paris), { headers: { 'Content-Type': 'application/json' } }),
    ),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const parisBox = { west: 2.2, south: 48.8, east: 2.5, north: 48.92 }

function showMap(props: Partial<SearchMapProps> & { filter?: ListingFilter } = {}) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SearchMap filter={{ bbox: parisBox }} onSearchArea={() => {}} {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** A pointer pressed at the first point, moved through the others, released at the last. */
function trace(points: [number, number][]) {
  fireEvent.click(screen.getByRole('button', { name: 'Draw an area' }))
  const sheet = screen.getByText('Draw around the area you want').parentElement!
  const [first, ...rest] = points
  const at = ([clientX, clientY]: [number, number]) => ({ pointerId: 7, clientX, clientY })
  fireEvent.pointerDown(sheet, at(first!))
  for (const point of rest) fireEvent.pointerMove(sheet, at(point))
  fireEvent.pointerUp(sheet, at(rest.at(-1)!))
}

/** A hand's circle: many points, a little uneven. */
const circle = Array.from({ length: 300 }, (_, n): [number, number] => {
  const angle = (n / 300) * 2 * Math.PI
  const radius = 200 + 6 * Math.sin(n * 1.7)
  return [400 + radius * Math.cos(angle), 300 + radius * Math.sin(angle)]
})

describe('outlining an area on the map', () => {
  it('searches a freehand outline as a polygon of at most 50 points', () => {
    const onDrawArea = vi.fn<(polygon: Polygon) => void>()
    showMap({ onDrawArea })
    trace(circle)
    expect(onDrawArea).toHaveBeenCalledTimes(1)
    const polygon = onDrawArea.mock.calls[0]![0]
    const parameter = new Map(filterParameters({ polygon })).get('polygon')!
    const points = parameter.split(';')
    expect(points.length).toBeGreaterThanOrEqual(3)
    expect(points.length).toBeLessThanOrEqual(50)
    // Every corner lies within the map's view of Paris, where the hand went.
    for (const point of points) {
      const [lat, lng] = point.split(',').map(Number) as [number, number]
      expect(lat).toBeGreaterThan(parisBox.south - 0.2)
      expect(lat).toBeLessThan(parisBox.north + 0.2)
      expect(lng).toBeGreaterThan(parisBox.west - 0.2)
      expect(lng).toBeLessThan(parisBox.east + 0.2)
    }
    // Tracing is over: the map offers to draw again.
    expect(screen.getByRole('button', { name: 'Draw an area' })).toBeTruthy()
  })

  it('says so, and searches nothing, when the outline crosses itself or is a dot', () => {
    const onDrawArea = vi.fn()
    showMap({ onDrawArea })
    // A figure of eight.
    const eight = Array.from({ length: 300 }, (_, n): [number, number] => {
      const angle = (n / 300) * 2 * Math.PI
      return [400 + 200 * Math.sin(angle), 300 + 150 * Math.sin(2 * angle)]
    })
    trace(eight)
    expect(screen.getByRole('alert').textContent).toBe(outlineProblems.crossing)
    trace([
      [100, 100],
      [101, 100],
    ])
    expect(screen.getByRole('alert').textContent).toBe(outlineProblems.small)
    expect(onDrawArea).not.toHaveBeenCalled()
  })

  it("says on 'Draw an area' that the keyboard's way is 'Search this area'", () => {
    showMap({ onDrawArea: () => {} })
    const draw = screen.getByRole('button', { name: 'Draw an area' })
    const hint = document.getElementById(draw.getAttribute('aria-describedby')!)
    expect(hint?.textContent).toMatch(/keyboard users can .*Search this area/)
  })

  it("offers 'Remove area' while an outlined area is searched", () => {
    const onRemoveArea = vi.fn()
    const polygon = [
      { lat: 48.82, lng: 2.25 },
      { lat: 48.82, lng: 2.45 },
      { lat: 48.9, lng: 2.35 },
    ]
    showMap({ filter: { polygon }, onDrawArea: () => {}, onRemoveArea })
    fireEvent.click(screen.getByRole('button', { name: 'Remove area' }))
    expect(onRemoveArea).toHaveBeenCalledTimes(1)
  })
})

describe("a pin and its listing's card", () => {
  it('lights the pin of the card pointed at, and tells which pin is pointed at', async () => {
    const onHighlight = vi.fn()
    showMap({ highlightedId: 'loft1', onHighlight })
    const pin = await screen.findByRole('button', { name: /Sunny Loft/ })
    await waitFor(() => expect(pin.hasAttribute('data-highlighted')).toBe(true))
    fireEvent.mouseOver(pin)
    expect(onHighlight).toHaveBeenLastCalledWith('loft1')
    fireEvent.mouseOut(pin)
    expect(onHighlight).toHaveBeenLastCalledWith(undefined)
  })
})
