// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ListingStats } from '../../../../shared/listing-stats'
import { StatsTable } from './StatsTable'

const stats: ListingStats = {
  days: [
    { date: '2026-11-10', views: 3, saves: 0, conversations: 0, bookings: 0, alertHits: 4 },
    { date: '2026-11-11', views: 1200, saves: 2, conversations: 1, bookings: 0, alertHits: 0 },
    { date: '2026-11-12', views: 7, saves: 1, conversations: 0, bookings: 1, alertHits: 0 },
  ],
  totals: { views: 1210, saves: 3, conversations: 1, bookings: 1, alertHits: 4 },
  similar: { listings: 0, medians: null },
}

afterEach(cleanup)

const rowTexts = (rows: HTMLElement[]) =>
  rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))

describe('the table of days', () => {
  it('has one row a day, newest first, with every count and the totals', () => {
    render(<StatsTable stats={stats} />)
    const table = screen.getByRole('table', { name: 'Each of the last 3 days, newest first' })
    expect(rowTexts(within(table).getAllByRole('row'))).toEqual([
      ['Date', 'Views', 'Saves', 'Messages', 'Viewings booked', 'In alert mails'],
      ['Thu 12 Nov', '7', '1', '0', '1', '0'],
      ['Wed 11 Nov', '1,200', '2', '1', '0', '0'],
      ['Tue 10 Nov', '3', '0', '0', '0', '4'],
      ['Total', '1,210', '3', '1', '1', '4'],
    ])
  })

  it('names each row by its date for screen readers', () => {
    render(<StatsTable stats={stats} />)
    expect(screen.getByRole('rowheader', { name: 'Wed 11 Nov' })).toBeTruthy()
    // The region that scrolls sideways on a narrow screen is reachable by keyboard.
    const region = screen.getByRole('region', { name: 'Each of the last 3 days, newest first' })
    expect(region.tabIndex).toBe(0)
  })
})
