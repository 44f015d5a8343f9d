import { describe, expect, it } from 'vitest'
import { countScale, dayTicks } from './chart-scale'

describe('countScale', () => {
  it('puts gridlines at 0 and 1 when nothing was counted', () => {
    expect(countScale(0)).toEqual({ top: 1, ticks: [0, 1] })
  })

  it('steps by whole numbers for small counts', () => {
    expect(countScale(3, 4)).toEqual({ top: 3, ticks: [0, 1, 2, 3] })
    expect(countScale(7, 4)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] })
    expect(countScale(1, 2)).toEqual({ top: 1, ticks: [0, 1] })
  })

  it('steps by 1, 2 or 5 times a power of ten, reaching the largest count', () => {
    expect(countScale(123, 4)).toEqual({ top: 150, ticks: [0, 50, 100, 150] })
    expect(countScale(40, 4)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] })
    expect(countScale(1001, 4)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] })
  })

  it('keeps to at most one more gridline than asked', () => {
    for (const max of [1, 9, 11, 19, 99, 101, 999, 12_345]) {
      const { top, ticks } = countScale(max, 4)
      expect(top).toBeGreaterThanOrEqual(max)
      expect(ticks.length).toBeLessThanOrEqual(5)
      expect(ticks.at(-1)).toBe(top)
    }
  })
})

describe('dayTicks', () => {
  it('dates every day of a week', () => {
    expect(dayTicks(7, 7)).toEqual([0, 1, 2, 3, 4, 5, 6])
  })

  it('dates today and every fifth day before it over 30 days', () => {
    expect(dayTicks(30, 7)).toEqual([4, 9, 14, 19, 24, 29])
  })

  it('dates about seven of 90 days, today last', () => {
    const ticks = dayTicks(90, 7)
    expect(ticks.at(-1)).toBe(89)
    expect(ticks.length).toBeLessThanOrEqual(7)
  })

  it('dates nothing without days', () => {
    expect(dayTicks(0, 7)).toEqual([])
  })
})
