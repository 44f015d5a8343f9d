// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OwnProfile } from '../../../../shared/profile'
import { createQueryClient } from '../../../api/query-client'
import { currentToasts, dismissToast } from '../../../components/toasts'
import { ShowEmailSwitch } from './ShowEmailSwitch'
import { StatsMailSwitch } from './StatsMailSwitch'

const profile: OwnProfile = {
  id: 'user1',
  name: 'Olive',
  email: 'olive@example.com',
  showEmail: true,
  statsMail: true,
}

let queryClient: QueryClient
let fetch: ReturnType<typeof vi.fn>
let failPatch: boolean

beforeEach(() => {
  queryClient = createQueryClient()
  failPatch = false
  let stored = profile
  fetch = vi.fn(async (url: string, init?: RequestInit) => {
    expect(url).toBe('/api/users/me')
    if (init?.method === 'PATCH') {
      if (failPatch) return new Response('{"error":"Broken"}', { status: 500 })
      stored = { ...stored, ...(JSON.parse(init.body as string) as Partial<OwnProfile>) }
    }
    return Response.json(stored)
  })
  vi.stubGlobal('fetch', fetch)
})
afterEach(() => {
  cleanup()
  queryClient.clear()
  vi.unstubAllGlobals()
  for (const shown of currentToasts()) dismissToast(shown.id)
})

function showSwitches() {
  render(
    <QueryClientProvider client={queryClient}>
      <ShowEmailSwitch userId="user1" />
      <StatsMailSwitch userId="user1" />
    </QueryClientProvider>,
  )
}

const statsMail = () => screen.getByRole('switch', { name: 'Weekly statistics mail' })
const patches = () =>
  fetch.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')
    .map(([, init]) => JSON.parse((init as RequestInit).body as string) as unknown)

describe('the weekly statistics mail switch', () => {
  it('is on by default and says when the mail comes', async () => {
    showSwitches()
    await waitFor(() => expect((statsMail() as HTMLInputElement).disabled).toBe(false))
    expect((statsMail() as HTMLInputElement).checked).toBe(true)
    expect(
      screen.getByText('On Mondays, a mail with how your listings did last week.'),
    ).toBeTruthy()
  })

  it('saves { statsMail } alone and says it was saved', async () => {
    showSwitches()
    await waitFor(() => expect((statsMail() as HTMLInputElement).disabled).toBe(false))
    fireEvent.click(statsMail())
    expect(await screen.findByText('Saved: no statistics mail comes.')).toBeTruthy()
    expect(patches()).toEqual([{ statsMail: false }])
    expect((statsMail() as HTMLInputElement).checked).toBe(false)
    // The e-mail switch is untouched.
    const email = screen.getByRole('switch', {
      name: 'Show my e-mail address to people who contact me',
    }) as HTMLInputElement
    expect(email.checked).toBe(true)
    expect(
      screen.getByText('The contact page offers your address; messages in the app reach you too.'),
    ).toBeTruthy()
  })

  it('puts the switch back and says so in a toast when saving fails', async () => {
    showSwitches()
    await waitFor(() => expect((statsMail() as HTMLInputElement).disabled).toBe(false))
    failPatch = true
    fireEvent.click(statsMail())
    await waitFor(() =>
      expect(currentToasts()).toMatchObject([
        { message: 'Could not save whether the statistics mail comes: try again' },
      ]),
    )
    expect((statsMail() as HTMLInputElement).checked).toBe(true)
  })
})

describe('the e-mail switch', () => {
  it('still saves { showEmail } and says so as before', async () => {
    showSwitches()
    const email = screen.getByRole('switch', {
      name: 'Show my e-mail address to people who contact me',
    }) as HTMLInputElement
    await waitFor(() => expect(email.disabled).toBe(false))
    fireEvent.click(email)
    expect(
      await screen.findByText('Saved: your address is hidden; people write to you in the app.'),
    ).toBeTruthy()
    expect(patches()).toEqual([{ showEmail: false }])
    expect((statsMail() as HTMLInputElement).checked).toBe(true)
  })
})
