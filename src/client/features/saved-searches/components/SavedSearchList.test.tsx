// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SavedSearch } from '../../../../shared/saved-search'
import { createQueryClient } from '../../../api/query-client'
import { currentToasts, dismissToast } from '../../../components/toasts'
import { SavedSearchList } from './SavedSearchList'

const paris: SavedSearch = {
  id: 'paris1',
  name: 'Rent · Paris · up to $2,000',
  query: { type: 'rent', q: 'Paris', maxPrice: '2000' },
  alerts: 'daily',
  createdAt: '2026-11-24T00:00:00.000Z',
}
const family: SavedSearch = {
  id: 'family1',
  name: 'Family houses',
  query: { type: 'sale', minBedrooms: '3', sort: 'price-asc' },
  alerts: 'instant',
  createdAt: '2026-11-23T00:00:00.000Z',
}

let queryClient: QueryClient
/** The API as the list sees it: the list, and each write's response from `responses` by method. */
let fetch: ReturnType<typeof vi.fn>

function serve(items: SavedSearch[], responses: Partial<Record<string, [number, unknown]>> = {}) {
  fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    const [status, body] =
      method === 'GET' && url === '/api/saved-searches' ? [200, { items }] : responses[method]!
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
}

const writes = () =>
  fetch.mock.calls
    .filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') !== 'GET')
    .map(([url, init]) => [
      (init as RequestInit).method,
      String(url),
      (init as RequestInit).body ? JSON.parse((init as RequestInit).body as string) : undefined,
    ])

beforeEach(() => {
  queryClient = createQueryClient()
})
afterEach(() => {
  cleanup()
  queryClient.clear()
  vi.unstubAllGlobals()
  for (const shown of currentToasts()) dismissToast(shown.id)
})

function showList() {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SavedSearchList userId="user1" />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return screen.getByRole('region', { name: 'Saved searches' })
}

const card = (name: string) => screen.getByRole('link', { name }).closest('li')!

describe('the saved searches of the Profile', () => {
  it('links each to its search, says its filters when the name does not, and shows its alerts', async () => {
    serve([paris, family])
    showList()
    const link = await screen.findByRole('link', { name: 'Family houses' })
    expect(link.getAttribute('href')).toBe('/search?type=sale&minBedrooms=3&sort=price-asc')
    expect(
      within(card('Family houses')).getByText('Sale · 3+ bedrooms · lowest price first'),
    ).toBeTruthy()
    expect(within(card('Family houses')).getByLabelText('E-mail alerts')).toHaveProperty(
      'value',
      'instant',
    )
    const parisCard = card('Rent · Paris · up to $2,000')
    expect(
      screen.getByRole('link', { name: 'Rent · Paris · up to $2,000' }).getAttribute('href'),
    ).toBe('/search?type=rent&q=Paris&maxPrice=2000')
    // Named by its summary: said once.
    expect(within(parisCard).getAllByText('Rent · Paris · up to $2,000')).toHaveLength(1)
    expect(within(parisCard).getByLabelText('E-mail alerts')).toHaveProperty('value', 'daily')
  })

  it('says where to save one when there is none', async () => {
    serve([])
    showList()
    expect(await screen.findByText('No saved searches yet')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Find a home' }).getAttribute('href')).toBe('/search')
  })

  it('changes the alerts at once and says so', async () => {
    serve([paris], { PATCH: [200, { ...paris, alerts: 'off' }] })
    showList()
    await screen.findByRole('link', { name: paris.name })
    fireEvent.change(within(card(paris.name)).getByLabelText('E-mail alerts'), {
      target: { value: 'off' },
    })
    await waitFor(() =>
      expect(currentToasts()).toMatchObject([
        { kind: 'success', message: 'E-mail alerts for “Rent · Paris · up to $2,000”: Off' },
      ]),
    )
    expect(writes()).toEqual([['PATCH', '/api/saved-searches/paris1', { alerts: 'off' }]])
    expect(within(card(paris.name)).getByLabelText('E-mail alerts')).toHaveProperty('value', 'off')
  })

  it('says why a change failed, and keeps the alerts as they were', async () => {
    serve([paris], { PATCH: [404, { error: 'Saved search not found' }] })
    showList()
    await screen.findByRole('link', { name: paris.name })
    fireEvent.change(within(card(paris.name)).getByLabelText('E-mail alerts'), {
      target: { value: 'instant' },
    })
    await waitFor(() =>
      expect(currentToasts()).toMatchObject([{ kind: 'error', message: 'Saved search not found' }]),
    )
    expect(within(card(paris.name)).getByLabelText('E-mail alerts')).toHaveProperty(
      'value',
      'daily',
    )
  })

  it('renames in place: Enter saves, Escape leaves it, and the keyboard goes back to Rename', async () => {
    serve([family], { PATCH: [200, { ...family, name: 'Big houses' }] })
    showList()
    await screen.findByRole('link', { name: 'Family houses' })
    fireEvent.click(screen.getByRole('button', { name: 'Rename “Family houses”' }))
    const input = screen.getByLabelText('New name')
    expect(document.activeElement).toBe(input)
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(screen.queryByLabelText('New name')).toBeNull()
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Rename “Family houses”' }),
    )
    expect(writes()).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Rename “Family houses”' }))
    fireEvent.change(screen.getByLabelText('New name'), { target: { value: 'Big houses' } })
    fireEvent.submit(screen.getByLabelText('New name'))
    expect(await screen.findByRole('link', { name: 'Big houses' })).toBeTruthy()
    expect(writes()).toEqual([['PATCH', '/api/saved-searches/family1', { name: 'Big houses' }]])
    expect(currentToasts()).toMatchObject([{ kind: 'success', message: 'Renamed to “Big houses”' }])
  })

  it('deletes only once confirmed', async () => {
    serve([paris, family], { DELETE: [204, null] })
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true)
    showList()
    await screen.findByRole('link', { name: 'Family houses' })
    const remove = () =>
      fireEvent.click(screen.getByRole('button', { name: 'Delete “Family houses”' }))
    remove()
    expect(confirm).toHaveBeenCalledWith('Delete the saved search “Family houses”?')
    expect(writes()).toEqual([])
    remove()
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Family houses' })).toBeNull())
    expect(writes()).toEqual([['DELETE', '/api/saved-searches/family1', undefined]])
    expect(screen.getByRole('link', { name: paris.name })).toBeTruthy()
    expect(currentToasts()).toMatchObject([{ kind: 'success', message: 'Saved search deleted' }])
  })
})
