// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Listing } from '../../shared/listing'
import type { ListingStats as Stats, ListingStatsDay } from '../../shared/listing-stats'
import { screens } from '../../shared/screens'
import { createQueryClient } from '../api/query-client'
import { currentToasts, dismissToast } from '../components/toasts'
import { listingStatsKey } from '../features/listing-stats/api/listing-stats-keys'
import ListingStats from './ListingStats'

const listing = {
  id: 'listing1',
  type: 'rent',
  name: 'Sunny flat by the park',
  userRef: 'owner1',
  status: 'active',
} as Listing

/** `count` days up to 12 Nov 2026, `views` views on each. */
function statsOf(count: number, views: number, similar: Stats['similar']): Stats {
  const days: ListingStatsDay[] = Array.from({ length: count }, (_, index) => ({
    date: new Date(Date.UTC(2026, 10, 12 - (count - 1 - index))).toISOString().slice(0, 10),
    views,
    saves: 0,
    conversations: 0,
    bookings: 0,
    alertHits: 0,
  }))
  const totals = { views: views * count, saves: 0, conversations: 0, bookings: 0, alertHits: 0 }
  return { days, totals, similar }
}

const month = statsOf(30, 2, {
  listings: 8,
  medians: { views: 90, saves: 3, conversations: 1, bookings: 0.5, alertHits: 6 },
})
const week = statsOf(7, 5, { listings: 0, medians: null })

let queryClient: QueryClient
let fetch: ReturnType<typeof vi.fn>

/** Each request gets the status and body `reply` gives for its URL. */
function respond(reply: (url: string) => [number, unknown] | Promise<[number, unknown]>) {
  fetch = vi.fn(async (url: string) => {
    const [status, body] = await reply(url)
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
}

beforeEach(() => {
  queryClient = createQueryClient()
  queryClient.setQueryData(['session'], { id: 'owner1', name: 'Olive', email: 'o@example.com' })
})
afterEach(() => {
  cleanup()
  queryClient.clear()
  vi.unstubAllGlobals()
  for (const shown of currentToasts()) dismissToast(shown.id)
})

function showPage(path = '/listing-stats/listing1') {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={screens.listingStats.path} element={<ListingStats />} />
          <Route path="/sign-in" element={<p>Sign in page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const statsCalls = () =>
  fetch.mock.calls.map(([url]) => url as string).filter((url) => url.includes('/stats'))

describe('the statistics page', () => {
  it('shows the 30 days of the page data: totals beside the similar homes, the chart and the table', async () => {
    respond(() => [200, listing])
    queryClient.setQueryData(listingStatsKey('listing1', 30), month)
    showPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Statistics' })).toBeTruthy()
    expect(
      (await screen.findByRole('link', { name: 'Sunny flat by the park' })).getAttribute('href'),
    ).toBe('/category/rent/listing1')
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    expect(screen.getByRole('heading', { name: 'The last 30 days' })).toBeTruthy()
    const views = screen.getByText('Views', { selector: 'dt' }).parentElement!
    expect(within(views).getByText('60')).toBeTruthy()
    expect(within(views).getByText('Similar homes: 90')).toBeTruthy()
    expect(screen.getByText('Similar homes: 0.5')).toBeTruthy()
    expect(
      screen.getByText('Fewer views than similar homes: consider the price or photos.'),
    ).toBeTruthy()
    expect(screen.getByText('Compared with 8 similar homes within 5 km')).toBeTruthy()
    expect(screen.getByRole('img', { name: /^Views and actions per day over the last 30 days/ }))
    const table = screen.getByRole('table', { name: 'Each of the last 30 days, newest first' })
    // A heading row, 30 days and the totals.
    expect(within(table).getAllByRole('row')).toHaveLength(32)
    expect(statsCalls()).toEqual([])
  })

  it('reads another period when chosen, keeping the last one on show meanwhile', async () => {
    let send: (reply: [number, unknown]) => void = () => {}
    respond((url) =>
      url.includes('/stats') ? new Promise((resolve) => (send = resolve)) : [200, listing],
    )
    queryClient.setQueryData(listingStatsKey('listing1', 30), month)
    showPage()
    fireEvent.click(screen.getByRole('button', { name: '7 days' }))
    await waitFor(() => expect(statsCalls()).toEqual(['/api/listings/listing1/stats?days=7']))
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true')
    // The 30 days stay, marked busy, until the 7 arrive.
    expect(screen.getByRole('heading', { name: 'The last 30 days' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Loading…')
    send([200, week])
    expect(await screen.findByRole('heading', { name: 'The last 7 days' })).toBeTruthy()
    expect(screen.getByText('No similar homes nearby to compare with.')).toBeTruthy()
    expect(screen.queryByText(/Similar homes:/)).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('opens the period the address names', async () => {
    respond((url) => (url.includes('/stats') ? [200, week] : [200, listing]))
    showPage('/listing-stats/listing1?days=7')
    expect(await screen.findByRole('heading', { name: 'The last 7 days' })).toBeTruthy()
    expect(statsCalls()).toEqual(['/api/listings/listing1/stats?days=7'])
  })

  it('finds no such listing when it is not the user’s', async () => {
    respond(() => [404, { error: 'Not found' }])
    showPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy()
    expect(screen.getByText(/We could not find this listing/)).toBeTruthy()
  })

  it('says the statistics could not be loaded, and reads them again on request', async () => {
    let failing = true
    respond((url) => {
      if (!url.includes('/stats')) return [200, listing]
      return failing ? [500, { error: 'Broken' }] : [200, month]
    })
    showPage()
    expect(await screen.findByText('The statistics could not be loaded.')).toBeTruthy()
    expect(currentToasts()).toMatchObject([{ message: 'Could not load the statistics' }])
    failing = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'The last 30 days' })).toBeTruthy()
  })

  it('sends a visitor who is not signed in to sign in', async () => {
    respond(() => [401, { error: 'Sign in' }])
    queryClient.setQueryData(['session'], null)
    showPage()
    expect(await screen.findByText('Sign in page')).toBeTruthy()
  })
})
