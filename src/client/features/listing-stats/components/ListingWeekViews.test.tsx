// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../../api/query-client'
import { ListingWeekViews } from './ListingWeekViews'

let queryClient: QueryClient
let fetch: ReturnType<typeof vi.fn>

beforeEach(() => {
  queryClient = createQueryClient()
  queryClient.setQueryData(['session'], { id: 'owner1', name: 'Olive', email: 'o@example.com' })
  fetch = vi.fn(async () => Response.json({ views: { one: 1, many: 1234 } }))
  vi.stubGlobal('fetch', fetch)
})
afterEach(() => {
  cleanup()
  queryClient.clear()
  vi.unstubAllGlobals()
})

function showCards(...ids: string[]) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        {ids.map((id) => (
          <ListingWeekViews key={id} listingId={id} />
        ))}
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('the views of the week on an owner’s card', () => {
  it('counts each listing’s views, one word for one view, with a link to its statistics', async () => {
    showCards('one', 'many', 'none')
    expect(await screen.findByText('1 view this week')).toBeTruthy()
    expect(screen.getByText('1,234 views this week')).toBeTruthy()
    // A listing nobody viewed this week is not in the map.
    expect(screen.getByText('0 views this week')).toBeTruthy()
    expect(
      screen.getAllByRole('link', { name: 'Statistics' }).map((link) => link.getAttribute('href')),
    ).toEqual(['/listing-stats/one', '/listing-stats/many', '/listing-stats/none'])
    // One request for all the cards.
    expect(fetch.mock.calls.map(([url]) => url as string)).toEqual(['/api/listing-stats/week'])
  })

  it('shows no count while the views are read', () => {
    fetch.mockImplementation(() => new Promise(() => {}))
    showCards('one')
    expect(screen.queryByText(/this week/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Statistics' })).toBeTruthy()
  })
})
