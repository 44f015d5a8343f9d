// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ToastArea } from './ToastArea'
import { currentToasts, dismissToast, dismissToastGroup, toast } from './toasts'

afterEach(() => {
  cleanup()
  for (const shown of currentToasts()) dismissToast(shown.id)
})

const showArea = () => render(<ToastArea autoCloseMs={5000} />)

describe('the toast area', () => {
  it('shows each message as an alert in the notifications region', () => {
    showArea()
    act(() => {
      toast.error('Bad User Credentials')
      toast.success('Listing saved')
    })
    const region = screen.getByRole('region', { name: 'Notifications' })
    const alerts = screen.getAllByRole('alert')
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Bad User Credentials',
      'Listing saved',
    ])
    expect(alerts.every((alert) => region.contains(alert))).toBe(true)
  })

  it('adds a toast with the id of one still showing only once', () => {
    showArea()
    act(() => {
      toast.error('Could not fetch listings', { toastId: 'Could not fetch listings' })
      toast.error('Could not fetch listings', { toastId: 'Could not fetch listings' })
    })
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })

  it('closes from its close button once the closing animation ends', () => {
    showArea()
    act(() => toast.success('Email was sent'))
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }))
    const alert = screen.getByRole('alert')
    fireEvent.animationEnd(alert.parentElement!)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('runs its countdown for autoCloseMs and closes when it has run out', () => {
    showArea()
    act(() => toast.error('Max 6 images'))
    const countdown = screen.getByTestId('toast-countdown')
    expect(countdown.style.animationDuration).toBe('5000ms')
    fireEvent.animationEnd(countdown)
    expect(screen.getByRole('alert')).toBeDefined()
    fireEvent.animationEnd(screen.getByRole('alert').parentElement!)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('pauses the countdowns while the window is in the background', () => {
    showArea()
    const region = screen.getByRole('region', { name: 'Notifications' })
    act(() => void window.dispatchEvent(new Event('blur')))
    expect(region.hasAttribute('data-paused')).toBe(true)
    act(() => void window.dispatchEvent(new Event('focus')))
    expect(region.hasAttribute('data-paused')).toBe(false)
  })

  it("takes away a group's toasts, and only those, once they no longer hold", () => {
    showArea()
    act(() => {
      toast.error('Please enter a correct address', { group: 'listing-form' })
      toast.error('Could not fetch listings')
      dismissToastGroup('listing-form')
      toast.success('Listing saved')
    })
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Could not fetch listings',
      'Listing saved',
    ])
  })
})
