// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Listing } from '../../shared/listing'
import type { ModerationList, ReportedListing } from '../../shared/report'
import { createQueryClient } from '../api/query-client'
import { currentToasts, dismissToast } from '../components/toasts'
import { moderationListKey } from '../features/moderation/api/moderation-keys'
import Moderation from './Moderation'

const listing: Listing = {
  id: 'listing1',
  type: 'rent',
  name: 'Sunny flat by the park',
  bedrooms: 2,
  bathrooms: 1,
  parking: false,
  furnished: true,
  location: '12 Rue de Rivoli, Paris',
  offer: false,
  regularPrice: 1500,
  imageUrls: ['/media/a.jpg', '/media/b.jpg', '/media/c.jpg', '/media/d.jpg', '/media/e.jpg'],
  geolocation: { lat: 48.85, lng: 2.35 },
  timestamp: '2026-04-01T10:00:00.000Z',
  userRef: 'owner1',
  status: 'active',
  description: 'Quiet, bright and close to the metro.',
  badges: [],
}

const item: ReportedListing = {
  listing,
  count: 2,
  reports: [
    { reason: 'scam', details: 'Asks for a deposit by wire', at: '2026-05-02T09:00:00.000Z' },
    {
      reason: 'duplicate',
      at: '2026-05-01T09:00:00.000Z',
      duplicateOf: { id: 'listing0', name: 'Bright flat', type: 'rent' },
    },
  ],
  owner: { id: 'owner1', name: 'Bea Landlord', email: 'bea@example.com' },
  otherListings: [{ ...listing, id: 'listing2', name: 'Attic room', status: 'sold' }],
}

let queryClient: QueryClient
let fetch: ReturnType<typeof vi.fn>

/** Each request gets the status and body `reply` gives for its URL and method. */
function respond(reply: (url: string, method: string) => [number, unknown]) {
  fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const [status, body] = reply(url, init?.method ?? 'GET')
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
}

beforeEach(() => {
  queryClient = createQueryClient()
  queryClient.setQueryData(['session'], { id: 'mod1', name: 'Mo', email: 'mod@example.com' })
})
afterEach(() => {
  cleanup()
  queryClient.clear()
  vi.unstubAllGlobals()
  for (const shown of currentToasts()) dismissToast(shown.id)
})

function showPage(path = '/moderation', open?: ModerationList) {
  // As the server's page data fills it.
  if (open) queryClient.setQueryData(moderationListKey('open'), open)
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Moderation />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const card = () => screen.getByRole('article', { name: 'Sunny flat by the park' })

describe('the moderation page', () => {
  it('shows a reported listing with its photos, reports and owner, from the page data', () => {
    respond(() => [500, {}])
    showPage('/moderation', { items: [item] })
    expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Reported' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    const shown = within(card())
    expect(shown.getByRole('link', { name: 'Sunny flat by the park' }).getAttribute('href')).toBe(
      '/category/rent/listing1',
    )
    // The cover and three more; the fifth is on the listing's page. (The other listing's photo
    // has its name beside it: no alt text, no image role.)
    expect(shown.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual([
      'Photo 1 of 5, full size',
      'Photo 2 of 5, full size',
      'Photo 3 of 5, full size',
      'Photo 4 of 5, full size',
    ])
    expect(shown.getByText('1 more on the listing’s page')).toBeTruthy()
    expect(shown.getByText('$1,500')).toBeTruthy()
    expect(shown.getByText('On the market')).toBeTruthy()
    expect(shown.getByRole('heading', { name: '2 reports' })).toBeTruthy()
    expect(shown.getByText('Looks like a scam')).toBeTruthy()
    expect(shown.getByText('Asks for a deposit by wire')).toBeTruthy()
    expect(shown.getByText('2 May 2026')).toBeTruthy()
    expect(shown.getByRole('link', { name: 'Copy of Bright flat' }).getAttribute('href')).toBe(
      '/category/rent/listing0',
    )
    expect(shown.getByRole('link', { name: 'Bea Landlord' }).getAttribute('href')).toBe(
      '/users/owner1',
    )
    expect(shown.getByRole('link', { name: 'bea@example.com' }).getAttribute('href')).toBe(
      'mailto:bea@example.com',
    )
    expect(shown.getByRole('link', { name: /Attic room/ }).getAttribute('href')).toBe(
      '/category/rent/listing2',
    )
    expect(shown.getByRole('button', { name: 'Hide' })).toBeTruthy()
    expect(shown.getByRole('button', { name: 'Dismiss reports' })).toBeTruthy()
    expect(shown.queryByRole('button', { name: 'Show again' })).toBeNull()
    // Nothing read again: the page data is the list.
    expect(fetch).not.toHaveBeenCalled()
  })

  it('asks for the reason the owner reads, then hides the listing and reads the list again', async () => {
    let hidden = false
    respond((url, method) => {
      if (method === 'POST') {
        hidden = true
        return [200, { ...listing, status: 'hidden', hiddenReason: 'Fake photos' }]
      }
      return [200, { items: hidden ? [] : [item] }]
    })
    showPage('/moderation', { items: [item] })
    fireEvent.click(within(card()).getByRole('button', { name: 'Hide' }))
    const dialog = screen.getByRole('dialog', { name: 'Hide this listing' })
    const reason = within(dialog).getByLabelText('Reason the owner reads')
    expect(document.activeElement).toBe(reason)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide listing' }))
    expect(within(dialog).getByText('Say why: the owner reads it')).toBeTruthy()
    expect(fetch).not.toHaveBeenCalled()

    fireEvent.change(reason, { target: { value: '  Fake photos  ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide listing' }))
    await waitFor(() => expect(currentToasts()).toMatchObject([{ message: 'Listing hidden' }]))
    const [url, init] = fetch.mock.calls[0]! as [string, RequestInit]
    expect(url).toBe('/api/moderation/listings/listing1/hide')
    expect(JSON.parse(init.body as string)).toEqual({ reason: 'Fake photos' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(await screen.findByText('No reported listings')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }))
  })

  it('dismisses the reports', async () => {
    respond((_url, method) => (method === 'POST' ? [200, listing] : [200, { items: [] }]))
    showPage('/moderation', { items: [item] })
    fireEvent.click(within(card()).getByRole('button', { name: 'Dismiss reports' }))
    await waitFor(() => expect(currentToasts()).toMatchObject([{ message: 'Reports dismissed' }]))
    expect(fetch.mock.calls[0]![0]).toBe('/api/moderation/listings/listing1/dismiss')
    expect(await screen.findByText('No reported listings')).toBeTruthy()
  })

  it('lists the hidden listings under Hidden, each to show again', async () => {
    const hiddenItem: ReportedListing = {
      ...item,
      listing: { ...listing, status: 'hidden', hiddenReason: 'Fake photos' },
      reports: [],
      count: 0,
    }
    respond((url, method) => {
      if (method === 'POST') return [200, listing]
      return [200, { items: url.includes('status=hidden') ? [hiddenItem] : [] }]
    })
    showPage('/moderation', { items: [] })
    expect(screen.getByText('No reported listings')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Hidden' }))
    const shown = within(await screen.findByRole('article', { name: 'Sunny flat by the park' }))
    expect(fetch.mock.calls[0]![0]).toBe('/api/moderation/reports?status=hidden')
    expect(shown.getByText('Hidden', { selector: 'span' })).toBeTruthy()
    expect(shown.getByText('Fake photos')).toBeTruthy()
    expect(shown.getByRole('heading', { name: 'No open reports' })).toBeTruthy()
    expect(shown.queryByRole('button', { name: 'Hide' })).toBeNull()
    expect(shown.queryByRole('button', { name: 'Dismiss reports' })).toBeNull()
    fireEvent.click(shown.getByRole('button', { name: 'Show again' }))
    await waitFor(() => expect(currentToasts()).toMatchObject([{ message: 'Listing shown again' }]))
    expect(fetch.mock.calls[1]![0]).toBe('/api/moderation/listings/listing1/unhide')
  })

  it('says there are no hidden listings', async () => {
    respond(() => [200, { items: [] }])
    showPage('/moderation?status=hidden')
    expect(await screen.findByText('No hidden listings')).toBeTruthy()
  })

  it('is not found by someone who is not a moderator', async () => {
    respond(() => [403, { error: 'Only moderators may do this' }])
    showPage()
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy()
    expect(currentToasts()).toEqual([])
  })
})
