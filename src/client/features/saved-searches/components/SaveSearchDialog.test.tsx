// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ListingFilter, ListingSort } from '../../../../shared/listing-requests'
import type { SavedSearch } from '../../../../shared/saved-search'
import { createQueryClient } from '../../../api/query-client'
import { currentToasts, dismissToast } from '../../../components/toasts'
import { SaveSearchButton } from './SaveSearchButton'
import { SaveSearchDialog, savedMessage } from './SaveSearchDialog'

const saved: SavedSearch = {
  id: 'saved1',
  name: 'Rent · Paris · up to $2,000',
  query: { type: 'rent', q: 'Paris', maxPrice: '2000' },
  alerts: 'daily',
  createdAt: '2026-11-24T00:00:00.000Z',
}

let queryClient: QueryClient
let fetch: ReturnType<typeof vi.fn>

function respondWith(status: number, body: unknown) {
  fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  )
  vi.stubGlobal('fetch', fetch)
}

const sentBody = () =>
  JSON.parse((fetch.mock.calls[0]![1] as RequestInit).body as string) as unknown

beforeEach(() => {
  queryClient = createQueryClient()
})
afterEach(() => {
  cleanup()
  queryClient.clear()
  vi.unstubAllGlobals()
  for (const shown of currentToasts()) dismissToast(shown.id)
})

function showDialog(
  filter: ListingFilter = { type: 'rent', q: 'Paris', maxPrice: 2000 },
  sort: ListingSort = 'newest',
) {
  const onClose = vi.fn()
  render(
    <QueryClientProvider client={queryClient}>
      <SaveSearchDialog userId="user1" filter={filter} sort={sort} onClose={onClose} />
    </QueryClientProvider>,
  )
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Save this search' }) }
}

describe('the save search dialog', () => {
  it('offers the summary as the name and daily alerts, the name focused', () => {
    showDialog()
    const name = screen.getByLabelText('Name')
    expect(name).toHaveProperty('value', 'Rent · Paris · up to $2,000')
    expect(document.activeElement).toBe(name)
    expect(screen.getByRole('group', { name: 'E-mail alerts' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Daily' })).toHaveProperty('checked', true)
    expect(screen.getByRole('radio', { name: 'Instant' })).toHaveProperty('checked', false)
    expect(screen.getByRole('radio', { name: 'Off' })).toHaveProperty('checked', false)
    expect(screen.queryByText(/no filters/)).toBeNull()
  })

  it('saves the name, the search in the API’s order and the chosen alerts, then says where it is', async () => {
    respondWith(201, saved)
    const { onClose } = showDialog({ maxPrice: 2000, q: 'Paris', type: 'rent' }, 'price-asc')
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Cheap Paris flats' } })
    fireEvent.click(screen.getByRole('radio', { name: 'Instant' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fetch.mock.calls[0]![0]).toBe('/api/saved-searches')
    expect((fetch.mock.calls[0]![1] as RequestInit).method).toBe('POST')
    expect(JSON.stringify(sentBody())).toBe(
      JSON.stringify({
        name: 'Cheap Paris flats',
        query: { type: 'rent', q: 'Paris', maxPrice: '2000', sort: 'price-asc' },
        alerts: 'instant',
      }),
    )
    expect(currentToasts()).toMatchObject([{ kind: 'success', message: savedMessage }])
  })

  it('says why the server rejected it, and stays open', async () => {
    const limit = 'You can keep at most 20 saved searches: delete one to save another'
    respondWith(400, { error: limit })
    const { onClose } = showDialog()
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(currentToasts()).toMatchObject([{ kind: 'error', message: limit }]))
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('shows a rejected name beside the field', async () => {
    respondWith(400, {
      error: 'Invalid saved search',
      fields: { name: 'Remove the control characters' },
    })
    showDialog()
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    const name = screen.getByLabelText('Name')
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'))
    const described = document.getElementById(name.getAttribute('aria-describedby')!)
    expect(described?.textContent).toBe('Remove the control characters')
  })

  it('tells that a search without filters finds every home', () => {
    showDialog({})
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'All homes')
    expect(screen.getByText('This search has no filters: it finds every home.')).toBeTruthy()
  })

  it('closes on Cancel, on its close button and on Escape, saving nothing', () => {
    respondWith(201, saved)
    const { onClose, dialog } = showDialog()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    fireEvent(dialog, new Event('cancel', { cancelable: true }))
    expect(onClose).toHaveBeenCalledTimes(3)
    expect(fetch).not.toHaveBeenCalled()
  })
})

function Where() {
  const location = useLocation()
  return (
    <p data-testid="where">
      {location.pathname + location.search + location.hash} {JSON.stringify(location.state)}
    </p>
  )
}

function showButton(
  path: string,
  user: { id: string; name: string; email: string } | null | undefined,
) {
  // undefined: the session is still being read.
  if (user !== undefined) queryClient.setQueryData(['session'], user)
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/search"
            element={<SaveSearchButton filter={{ type: 'rent' }} sort="newest" />}
          />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('the Save this search button', () => {
  const user = { id: 'user1', name: 'Ada', email: 'ada@example.com' }

  it('opens the dialog for a signed-in user', () => {
    showButton('/search?type=rent', user)
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Save this search' }))
    expect(screen.getByRole('dialog', { name: 'Save this search' })).toBeTruthy()
  })

  it('waits to be pressed until it knows who is here, rather than doing nothing', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    )
    showButton('/search?type=rent', undefined)
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save this search' })
    expect(button.disabled).toBe(true)
    vi.unstubAllGlobals()
  })

  it('sends a visitor to sign in, to come back to this search with the dialog open', () => {
    showButton('/search?type=rent', null)
    fireEvent.click(screen.getByRole('button', { name: 'Save this search' }))
    expect(screen.getByTestId('where').textContent).toBe(
      '/sign-in {"from":"/search?type=rent#save-search"}',
    )
  })

  it('opens the dialog on coming back, and forgets the mark once it is closed', () => {
    showButton('/search?type=rent#save-search', user)
    expect(screen.getByRole('dialog', { name: 'Save this search' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('where').textContent).toBe('/search?type=rent null')
  })
})
