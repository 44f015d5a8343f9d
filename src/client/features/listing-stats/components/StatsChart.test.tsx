// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ListingStats } from '../../../../shared/listing-stats'
import { StatsChart } from './StatsChart'

const stats: ListingStats = {
  days: [
    { date: '2026-11-10', views: 3, saves: 0, conversations: 0, bookings: 0, alertHits: 4 },
    { date: '2026-11-11', views: 14, saves: 2, conversations: 1, bookings: 0, alertHits: 0 },
    { date: '2026-11-12', views: 7, saves: 1, conversations: 0, bookings: 1, alertHits: 0 },
  ],
  totals: { views: 24, saves: 3, conversations: 1, bookings: 1, alertHits: 4 },
  similar: { listings: 0, medians: null },
}

afterEach(cleanup)

const titles = () => [...document.querySelectorAll('title')].map((title) => title.textContent)

describe('the chart of days', () => {
  it('is one image, named by a summary of the period', () => {
    render(<StatsChart stats={stats} />)
    expect(
      screen.getByRole('img', {
        name: 'Views and actions per day over the last 3 days: 24 views, most on Wed 11 Nov (14); 3 saves, 1 message and 1 viewing booked.',
      }),
    ).toBeTruthy()
  })

  it('has a hover text for each day, each point and each bar', () => {
    render(<StatsChart stats={stats} />)
    expect(titles()).toEqual([
      'Tue 10 Nov: 3 views, 0 saves, 0 messages, 0 viewings booked',
      'Wed 11 Nov: 14 views, 2 saves, 1 message, 0 viewings booked',
      'Thu 12 Nov: 7 views, 1 save, 0 messages, 1 viewing booked',
      'Wed 11 Nov: 2 saves',
      'Wed 11 Nov: 1 message',
      'Thu 12 Nov: 1 save',
      'Thu 12 Nov: 1 viewing booked',
      'Tue 10 Nov: 3 views',
      'Wed 11 Nov: 14 views',
      'Thu 12 Nov: 7 views',
    ])
  })

  it('labels round gridlines, the dates beneath and the key of each part', () => {
    const { container } = render(<StatsChart stats={stats} />)
    const text = container.querySelector('[aria-hidden="true"]')!
    const labels = [...text.querySelectorAll('span')].map((span) => span.textContent)
    // Views up to 14: 0, 5, 10, 15; saves, messages and viewings up to 3 a day: 0, 2, 4.
    expect(labels).toEqual(
      expect.arrayContaining(['0', '5', '10', '15', '2', '4', '10 Nov', '11 Nov', '12 Nov']),
    )
    expect(text.textContent).toContain('Views')
    expect(text.textContent).toContain('SavesMessagesViewings booked')
  })

  it('stacks a day’s bars in proportion: 2 saves twice as tall as 1', () => {
    const { container } = render(<StatsChart stats={stats} />)
    const height = (title: string) =>
      Number(
        [...container.querySelectorAll('rect')]
          .find((rect) => rect.querySelector('title')?.textContent === title)!
          .getAttribute('height'),
      )
    expect(height('Wed 11 Nov: 2 saves')).toBeCloseTo(2 * height('Thu 12 Nov: 1 save'))
  })
})
