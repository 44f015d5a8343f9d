// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../../api/query-client'
import { currentToasts, dismissToast } from '../../../components/toasts'
import { ReportListingButton } from './ReportListingButton'
import { ReportListingDialog, reportedMessage } from './ReportListingDialog'

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

function showDialog() {
  const onClose = vi.fn()
  const onReported = vi.fn()
  render(
    <QueryClientProvider client={queryClient}>
      <ReportListingDialog listingId="listing1" onClose={onClose} onReported={onReported} />
    </QueryClientProvider>,
  )
  return { onClose, onReported }
}

const details = () => screen.getByLabelText<HTMLTextAreaElement>('Details (optional)')
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send report' }))

describe('the report dialog', () => {
  it('offers the six reasons, none chosen, and optional details with their count', () => {
    showDialog()
    expect(screen.getByRole('dialog', { name: 'Report this listing' })).toBeTruthy()
    const reasons = screen.getByRole('group', { name: 'Why are you reporting it?' })
    expect(reasons).toBeTruthy()
    const radios = screen.getAllByRole<HTMLInputElement>('radio')
    expect(radios.map((radio) => radio.labels?.[0]?.textContent)).toEqual([
      'Looks like a scam',
      'Wrong information',
      'No longer available',
      'Offensive',
      'Copy of another listing',
      'Something else',
    ])
    expect(radios.some((radio) => radio.checked)).toBe(false)
    expect(document.activeElement).toBe(radios[0])
    expect(screen.getByText('0 / 1,000')).toBeTruthy()
    fireEvent.change(details(), { target: { value: 'The photos are of another house' } })
    expect(screen.getByText('31 / 1,000')).toBeTruthy()
  })

  it('asks for a reason, and sends nothing without one', () => {
    respondWith(201, {})
    showDialog()
    send()
    const error = screen.getByText('Choose why you are reporting this listing')
    const group = screen.getByRole('group', { name: 'Why are you reporting it?' })
    expect(group.getAttribute('aria-describedby')).toBe(error.id)
    expect(document.activeElement).toBe(screen.getAllByRole('radio')[0])
    expect(fetch).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('radio', { name: 'Offensive' }))
    expect(screen.queryByText('Choose why you are reporting this listing')).toBeNull()
  })

  it('keeps details over 1,000 characters from being sent, and says so beside them', () => {
    respondWith(201, {})
    showDialog()
    fireEvent.click(screen.getByRole('radio', { name: 'Something else' }))
    fireEvent.change(details(), { target: { value: 'x'.repeat(1001) } })
    expect(screen.getByText('1,001 / 1,000')).toBeTruthy()
    send()
    expect(screen.getByText('At most 1,000 characters')).toBeTruthy()
    expect(details().getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(details())
    expect(fetch).not.toHaveBeenCalled()
  })

  it('sends the reason and the details, then thanks the reporter', async () => {
    respondWith(201, { reason: 'scam', details: 'Asks for a wire', at: '2026-05-01T10:00:00Z' })
    const { onReported } = showDialog()
    fireEvent.click(screen.getByRole('radio', { name: 'Looks like a scam' }))
    fireEvent.change(details(), { target: { value: '  Asks for a wire  ' } })
    send()
    await waitFor(() => expect(onReported).toHaveBeenCalled())
    expect(fetch.mock.calls[0]![0]).toBe('/api/listings/listing1/reports')
    expect((fetch.mock.calls[0]![1] as RequestInit).method).toBe('POST')
    expect(sentBody()).toEqual({ reason: 'scam', details: 'Asks for a wire' })
    expect(currentToasts()).toMatchObject([{ kind: 'success', message: reportedMessage }])
    expect(reportedMessage).toBe('Thanks: a moderator will look at this listing')
  })

  it('takes a report made already as made, in the server’s words', async () => {
    respondWith(409, { error: 'You have reported this listing already' })
    const { onReported } = showDialog()
    fireEvent.click(screen.getByRole('radio', { name: 'Wrong information' }))
    send()
    await waitFor(() => expect(onReported).toHaveBeenCalled())
    expect(sentBody()).toEqual({ reason: 'wrong-information' })
    expect(currentToasts()).toMatchObject([{ message: 'You have reported this listing already' }])
  })

  it('says why the server rejected it, and keeps what was typed', async () => {
    const limit = 'You can report 20 listings a day: try again tomorrow'
    respondWith(429, { error: limit })
    const { onReported, onClose } = showDialog()
    fireEvent.click(screen.getByRole('radio', { name: 'No longer available' }))
    fireEvent.change(details(), { target: { value: 'Let last week' } })
    send()
    await waitFor(() => expect(currentToasts()).toMatchObject([{ kind: 'error', message: limit }]))
    expect(onReported).not.toHaveBeenCalled()
    expect(onClose).not.toHaveBeenCalled()
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: 'No longer available' }).checked,
    ).toBe(true)
    expect(details().value).toBe('Let last week')
  })

  it('shows a field the server rejected beside it', async () => {
    respondWith(400, {
      error: 'Invalid report',
      fields: { details: 'Remove the control characters' },
    })
    showDialog()
    fireEvent.click(screen.getByRole('radio', { name: 'Offensive' }))
    fireEvent.change(details(), { target: { value: 'Bad words' } })
    send()
    await waitFor(() => expect(details().getAttribute('aria-invalid')).toBe('true'))
    const notes = document.getElementById(details().getAttribute('aria-describedby')!)
    expect(notes?.textContent).toContain('Remove the control characters')
  })
})

function Where() {
  const location = useLocation()
  return (
    <p data-testid="where">
      {location.pathname + location.hash} {JSON.stringify(location.state)}
    </p>
  )
}

const listing = { id: 'listing1', userRef: 'owner1', status: 'active' } as const
const path = '/category/rent/listing1'

function showButton(
  user: { id: string; name: string; email: string } | null,
  at = path,
  shown: { id: string; userRef: string; status: 'active' | 'hidden' } = listing,
) {
  queryClient.setQueryData(['session'], user)
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/category/rent/:id" element={<ReportListingButton listing={shown} />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('the Report this listing button', () => {
  const user = { id: 'user1', name: 'Ada', email: 'ada@example.com' }

  it('sends a visitor to sign in, to come back to the listing with the dialog open', () => {
    showButton(null)
    fireEvent.click(screen.getByRole('button', { name: 'Report this listing' }))
    expect(screen.getByTestId('where').textContent).toBe(
      '/sign-in {"from":"/category/rent/listing1#report-listing","reason":"report-listing"}',
    )
  })

  it('opens the dialog on coming back, and forgets the mark once it is closed', () => {
    showButton(user, `${path}#report-listing`)
    expect(screen.getByRole('dialog', { name: 'Report this listing' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('where').textContent).toBe(`${path} null`)
  })

  it('is not offered to the owner, nor on a hidden listing', () => {
    showButton({ ...user, id: 'owner1' })
    expect(screen.queryByRole('button', { name: 'Report this listing' })).toBeNull()
    cleanup()
    showButton(user, path, { ...listing, status: 'hidden' })
    expect(screen.queryByRole('button', { name: 'Report this listing' })).toBeNull()
  })

  it("reads 'Reported' once sent, disabled, for as long as the page is open", async () => {
    respondWith(201, { reason: 'scam', at: '2026-05-01T10:00:00Z' })
    showButton(user)
    fireEvent.click(screen.getByRole('button', { name: 'Report this listing' }))
    fireEvent.click(screen.getByRole('radio', { name: 'Looks like a scam' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }))
    const reported = await screen.findByRole('button', { name: 'Reported' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(reported.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(reported)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
