import { describe, expect, it } from 'vitest'
import { toastShift } from './toast-placement'

// A phone's window, 844 px tall; the toasts sit above the navigation bar, 64 px tall.
const bounds = { top: 8, bottom: 750 }
const stack = { top: 686, bottom: 750 }

describe('toastShift', () => {
  it('leaves the toasts where they are when they cover nothing', () => {
    expect(toastShift(stack, [{ top: 300, bottom: 348 }], bounds, 8)).toBe(0)
    expect(toastShift(stack, [], bounds, 8)).toBe(0)
  })

  it('moves the toasts just above a submit button they would cover', () => {
    const shift = toastShift(stack, [{ top: 700, bottom: 748 }], bounds, 8)
    expect(stack.bottom + shift).toBe(692)
  })

  it('moves them below a button when there is no room above it', () => {
    const shift = toastShift(stack, [{ top: 20, bottom: 740 }], { top: 8, bottom: 844 }, 8)
    expect(stack.top + shift).toBe(748)
  })

  it('keeps clear of every obstacle at once, never leaving the bounds', () => {
    const obstacles = [
      { top: 700, bottom: 748 },
      { top: 600, bottom: 640 },
    ]
    const shift = toastShift(stack, obstacles, bounds, 8)
    const moved = { top: stack.top + shift, bottom: stack.bottom + shift }
    expect(moved.bottom).toBe(592)
    expect(moved.top).toBeGreaterThanOrEqual(bounds.top)
  })

  it('stays put when no place is clear', () => {
    expect(toastShift(stack, [{ top: 0, bottom: 844 }], bounds, 8)).toBe(0)
  })
})
