// @vitest-environment happy-dom
// Every call to our API goes through the typed client (http.ts), and sends what the server reads:
// list reads byte for byte as the page's <head> preloads them, writes as JSON.
import fs from 'node:fs'
import path from 'node:path'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { listingsPath } from '../../shared/listing-query'
import type { ListingFilter } from '../../shared/listing-requests'
import { useMarkRead } from '../features/conversations/api/conversations'
import { useListingMap, useListingPages } from '../features/listings/api/listings'
import { useChangeSavedSearch } from '../features/saved-searches/api/saved-searches'
import { bookingCalendarUrl, useBookSlot } from '../features/viewings/api/viewings'
import { createQueryClient } from './query-client'

const clientDir = path.resolve(import.meta.dirname, '..')

/** The files that may write an API path by hand, and why (each says so in a comment too). */
const writtenByHand = new Map([
  ['features/account/api/session.ts', "Better Auth's catch-all route"],
  ['features/account/api/google-sign-in.ts', "Better Auth's catch-all route"],
  ['features/listing-stats/api/listing-stats.ts', 'a query the route reads itself'],
  ['features/listings/api/uploads.ts', "tus's own requests"],
])

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

describe('calls to our API', () => {
  it('name no path by hand outside the files the typed client cannot serve', () => {
    const handWritten = sourceFiles(clientDir)
      .map((file) => path.relative(clientDir, file))
      .filter((file) => !writtenByHand.has(file))
      .filter((file) => /['"`]\/api\//.test(fs.readFileSync(path.join(clientDir, file), 'utf8')))
    expect(handWritten).toEqual([])
  })
})

let queryClient: QueryClient
let fetch: ReturnType<typeof vi.fn>
const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter>
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  </MemoryRouter>
)

beforeEach(() => {
  queryClient = createQueryClient()
  fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ items: [], clusters: [], total: 0, nextCursor: null }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  )
  vi.stubGlobal('fetch', fetch)
})
afterEach(() => {
  cleanup()
  queryClient.clear()
  vi.unstubAllGlobals()
})

/** The one request sent: its address, method, JSON type and body. */
function sent() {
  expect(fetch).toHaveBeenCalledTimes(1)
  const [url, init = {}] = fetch.mock.calls[0] as [string, RequestInit?]
  return {
    url,
    method: init.method,
    type: new Headers(init.headers).get('content-type'),
    body: init.body,
  }
}

describe('the typed client', () => {
  it('reads a list at the address the page preloads, to the byte', async () => {
    const filter: ListingFilter = {
      type: 'rent',
      q: 'Rue de Rivoli & co',
      minPrice: 1000,
      parking: true,
      bbox: { west: -0.5, south: 51.25, east: 0.3, north: 51.75 },
    }
    renderHook(() => useListingPages({ filter, sort: 'newest' }), { wrapper })
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(sent().url).toBe(listingsPath({ filter, sort: 'newest', limit: 10 }))
  })

  it("reads the map with the filter's parameters, its box, then the zoom", async () => {
    renderHook(() => useListingMap({ type: 'sale', maxPrice: 900_000 }, 3), { wrapper })
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(sent().url).toBe(
      '/api/listings/map?type=sale&maxPrice=900000&bbox=-180%2C-90%2C180%2C90&zoom=3',
    )
  })

  it('sends a write as JSON to the path of its id, encoded', async () => {
    const { result } = renderHook(() => useChangeSavedSearch('user1'), { wrapper })
    await act(() => result.current.mutateAsync({ id: 'a/b', change: { alerts: 'daily' } }))
    expect(sent()).toEqual({
      url: '/api/saved-searches/a%2Fb',
      method: 'PATCH',
      type: 'application/json',
      body: JSON.stringify({ alerts: 'daily' }),
    })
  })

  it('sends an empty JSON object where a write has nothing to say', async () => {
    const { result } = renderHook(() => ({ book: useBookSlot(), read: useMarkRead('u', 'c1') }), {
      wrapper,
    })
    await act(() => result.current.book.mutateAsync('slot1'))
    expect(sent()).toEqual({
      url: '/api/viewing-slots/slot1/bookings',
      method: 'POST',
      type: 'application/json',
      body: '{}',
    })
    fetch.mockClear()
    await act(() => result.current.read.mutateAsync())
    expect(sent()).toMatchObject({ url: '/api/conversations/c1/read', method: 'POST', body: '{}' })
  })

  it("links a booking's calendar file", () => {
    expect(bookingCalendarUrl('b1')).toBe('/api/bookings/b1/calendar.ics')
  })
})
