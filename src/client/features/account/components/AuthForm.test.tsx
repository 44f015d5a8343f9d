// @vitest-environment happy-dom
// The four account pages through their one form: each its own heading, fields and texts, the same
// sending and the same way of saying a failure.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../../api/query-client'
import { currentToasts, dismissToast } from '../../../components/toasts'
import ForgotPassword from '../../../pages/ForgotPassword'
import ResetPassword from '../../../pages/ResetPassword'
import SignIn from '../../../pages/SignIn'
import SignUp from '../../../pages/SignUp'

let queryClient: QueryClient
let fetch: ReturnType<typeof vi.fn>

function respondWith(status: number, body: unknown, headers: Record<string, string> = {}) {
  fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
      }),
  )
  vi.stubGlobal('fetch', fetch)
}

function show(page: ReactNode, address = '/') {
  render(
    <MemoryRouter initialEntries={[address]}>
      <QueryClientProvider client={queryClient}>{page}</QueryClientProvider>
    </MemoryRouter>,
  )
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

/** The one request sent: its path and JSON body. */
function sent() {
  expect(fetch).toHaveBeenCalledTimes(1)
  const [path, init] = fetch.mock.calls[0] as [string, RequestInit]
  return { path, body: JSON.parse(init.body as string) as unknown }
}

beforeEach(() => {
  queryClient = createQueryClient()
})
afterEach(() => {
  cleanup()
  queryClient.clear()
  vi.unstubAllGlobals()
  for (const shown of currentToasts()) dismissToast(shown.id)
})

describe('the account form', () => {
  it("sends Sign up's three fields and says a limit in Sign in's words", async () => {
    respondWith(429, { error: 'Too many requests' }, { 'Retry-After': '120' })
    show(<SignUp />)
    expect(screen.getByRole('heading', { name: 'Welcome!' })).toBeTruthy()
    type('Name', 'Ada')
    type('Email', 'ada@example.com')
    type('Password', 'correct horse')
    expect(screen.getByLabelText('Password').getAttribute('minlength')).toBe('8')
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe('password-hint')
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }))

    await waitFor(() =>
      expect(currentToasts()).toMatchObject([
        { kind: 'error', message: 'Too many attempts: try again in 2 minutes' },
      ]),
    )
    expect(sent()).toEqual({
      path: '/api/auth/sign-up/email',
      body: { name: 'Ada', email: 'ada@example.com', password: 'correct horse' },
    })
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe(
      '/forgot-password',
    )
    expect(screen.getByRole('link', { name: 'Sign In Instead' })).toBeTruthy()
  })

  it("says Sign in's failure in the spec's words", async () => {
    respondWith(401, { error: 'Invalid email or password' })
    show(<SignIn />)
    expect(screen.getByRole('heading', { name: 'Welcome Back!' })).toBeTruthy()
    type('Email', 'ada@example.com')
    type('Password', 'wrong')
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))

    await waitFor(() =>
      expect(currentToasts()).toMatchObject([{ kind: 'error', message: 'Bad User Credentials' }]),
    )
    expect(sent()).toEqual({
      path: '/api/auth/sign-in/email',
      body: { email: 'ada@example.com', password: 'wrong' },
    })
  })

  it('asks for a reset link, and says it was sent', async () => {
    respondWith(200, { status: true })
    show(<ForgotPassword />)
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeTruthy()
    type('Email', 'ada@example.com')
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/sign-in')
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))

    await waitFor(() =>
      expect(currentToasts()).toMatchObject([{ kind: 'success', message: 'Email was sent' }]),
    )
    expect(sent()).toEqual({
      path: '/api/auth/request-password-reset',
      body: { email: 'ada@example.com', redirectTo: '/reset-password' },
    })
  })

  it("sets the new password with the link's token, the form having no other link", async () => {
    respondWith(400, { error: 'Invalid token' })
    show(<ResetPassword />, '/reset-password?token=t1')
    expect(screen.queryByRole('link')).toBeNull()
    type('New password', 'a new secret')
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }))

    await waitFor(() =>
      expect(currentToasts()).toMatchObject([
        { kind: 'error', message: 'Could not reset the password: ask for a new link' },
      ]),
    )
    expect(sent()).toEqual({
      path: '/api/auth/reset-password',
      body: { token: 't1', newPassword: 'a new secret' },
    })
  })
})
