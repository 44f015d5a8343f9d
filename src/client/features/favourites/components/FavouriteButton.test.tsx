// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../../api/query-client'
import { rememberPendingFavourite } from '../api/favourites'
import { FavouriteButton } from './FavouriteButton'
import { currentToasts, dismissToast } from '../../../components/toasts'

const user = { id: 'user1', name: 'Alice Martin', email: 'alice@example.com' }

let queryClient: QueryClient
/** The server's saved ids, as it would return them. */
let savedIds: string[]
/** Writes wait here until the test responds to them with a status. */
let writes: { method: string; url: string; respond: (status: number) => void }[]

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

function serve(signedIn: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input)
      const method = (
        init?.method ?? (input instanceof Request ? input.method : 'GET')
      ).toUpperCase()
      if (url.includes('/api/auth/get-session')) return json(200, signedIn ? { user } : null)
      if (url.includes('/api/favourites/ids')) return json(200, { ids: savedIds })
      return new Promise<Response>((resolve) => {
        writes.push({
          method,
          url,
          respond: (status) =>
            resolve(
              status === 204 ? new Response(null, { status }) : json(status, { error: 'No' }),
            ),
        })
      })
    }),
  )
}

/** Where the router is now, with the state it was given. */
function Location() {
  const location = useLocation()
  return <p data-testid="location">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>
}

/** A listing of someone else's unless another owner is given. */
function listingOf(id: string, userRef = 'owner1') {
  return { id, name: `Home ${id}`, userRef }
}

function show(hearts: string[] = ['listing1'], owner?: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/category/rent?x=1']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {hearts.map((id, n) => (
                  <FavouriteButton
                    key={n}
                    listing={listingOf(id, owner)}
                    look={n ? 'outline' : 'overlay'}
                  />
                ))}
                <Location />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const hearts = () => screen.getAllByRole<HTMLButtonElement>('button')
const pressed = (n: number) => hearts()[n]!.getAttribute('aria-pressed') === 'true'

beforeEach(() => {
  queryClient = createQueryClient()
  savedIds = []
  writes = []
  sessionStorage.clear()
})
afterEach(() => {
  cleanup()
  queryClient.clear()
  for (const toast of currentToasts()) dismissToast(toast.id)
  vi.unstubAllGlobals()
})

describe('the heart', () => {
  it("is a toggle named after the home, 'Save Home listing2', pressed once saved", async () => {
    savedIds = ['listing2']
    serve(true)
    show(['listing1', 'listing2'])
    await waitFor(() => expect(pressed(1)).toBe(true))
    expect(screen.getByRole('button', { name: 'Save Home listing2' })).toBe(hearts()[1])
    expect(hearts()[1]!.title).toBe('Remove Home listing2 from saved homes')
    expect(pressed(0)).toBe(false)
    expect(screen.getByRole('button', { name: 'Save Home listing1' })).toBe(hearts()[0])
  })

  it("has no heart on the owner's own home", async () => {
    serve(true)
    show(['listing1'], user.id)
    await waitFor(() => expect(screen.queryAllByRole('button')).toEqual([]))
  })

  it('shows a save at once on every heart of the listing, and sends it', async () => {
    serve(true)
    show(['listing1', 'listing1'])
    await waitFor(() => expect(hearts()[0]!.disabled).toBe(false))
    fireEvent.click(hearts()[0]!)
    await waitFor(() => expect(pressed(1)).toBe(true))
    expect(pressed(0)).toBe(true)
    expect(writes.map(({ method, url }) => [method, new URL(url, 'http://x').pathname])).toEqual([
      ['PUT', '/api/favourites/listing1'],
    ])
    savedIds = ['listing1']
    await act(async () => writes[0]!.respond(204))
    expect(pressed(0)).toBe(true)
  })

  it('takes a save back, with a toast, when the server rejects it', async () => {
    serve(true)
    show()
    await waitFor(() => expect(hearts()[0]!.disabled).toBe(false))
    fireEvent.click(hearts()[0]!)
    await waitFor(() => expect(pressed(0)).toBe(true))
    await act(async () => writes[0]!.respond(500))
    await waitFor(() => expect(pressed(0)).toBe(false))
    expect(currentToasts().map((toast) => toast.message)).toEqual([
      'Could not save the listing, try again',
    ])
  })

  it('takes an unsave back when it fails, and keeps another heart pressed meanwhile', async () => {
    savedIds = ['listing1']
    serve(true)
    show(['listing1', 'listing2'])
    await waitFor(() => expect(pressed(0)).toBe(true))
    fireEvent.click(hearts()[0]!)
    await waitFor(() => expect(pressed(0)).toBe(false))
    fireEvent.click(hearts()[1]!)
    await waitFor(() => expect(pressed(1)).toBe(true))
    expect(writes.map((write) => write.method)).toEqual(['DELETE', 'PUT'])
    await act(async () => writes[0]!.respond(503))
    await waitFor(() => expect(pressed(0)).toBe(true))
    expect(pressed(1)).toBe(true)
    expect(currentToasts().map((toast) => toast.message)).toEqual([
      'Could not remove the listing from your saved homes, try again',
    ])
  })

  it('counts an unsave of a listing deleted since as done, without a toast', async () => {
    savedIds = ['listing1']
    serve(true)
    show()
    await waitFor(() => expect(pressed(0)).toBe(true))
    fireEvent.click(hearts()[0]!)
    await waitFor(() => expect(writes).toHaveLength(1))
    savedIds = []
    await act(async () => writes[0]!.respond(404))
    await waitFor(() => expect(queryClient.isMutating()).toBe(0))
    expect(pressed(0)).toBe(false)
    expect(currentToasts()).toEqual([])
  })

  it("says the server's reason when the limit is reached", async () => {
    serve(true)
    show()
    await waitFor(() => expect(hearts()[0]!.disabled).toBe(false))
    fireEvent.click(hearts()[0]!)
    await waitFor(() => expect(writes).toHaveLength(1))
    await act(async () => writes[0]!.respond(400))
    await waitFor(() => expect(currentToasts().map((toast) => toast.message)).toEqual(['No']))
  })

  it('sends a visitor to sign in, from this page, with the save kept for afterwards', async () => {
    serve(false)
    show()
    await waitFor(() => expect(hearts()[0]!.disabled).toBe(false))
    expect(pressed(0)).toBe(false)
    fireEvent.click(hearts()[0]!)
    expect(screen.getByTestId('location').textContent).toBe(
      '/sign-in {"from":"/category/rent?x=1","reason":"save-home"}',
    )
    expect(writes).toEqual([])
    expect(
      JSON.parse(sessionStorage.getItem('house-marketplace:pending-favourite')!),
    ).toMatchObject({ listingId: 'listing1' })
  })

  it('saves the pending listing once the visitor is back signed in, once', async () => {
    rememberPendingFavourite('listing1')
    serve(true)
    show(['listing1', 'listing2'])
    await waitFor(() => expect(pressed(0)).toBe(true))
    expect(writes.map(({ method, url }) => [method, new URL(url, 'http://x').pathname])).toEqual([
      ['PUT', '/api/favourites/listing1'],
    ])
    expect(sessionStorage.length).toBe(0)
  })

  it('forgets a pending save left for too long', async () => {
    rememberPendingFavourite('listing1', Date.now() - 60 * 60_000)
    serve(true)
    show()
    await waitFor(() => expect(hearts()[0]!.disabled).toBe(false))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(writes).toEqual([])
    expect(pressed(0)).toBe(false)
  })
})
