import { describe, expect, it } from 'vitest'
import type { ListingStats, StatsCounts } from '../../../../shared/listing-stats'
import { comparedWithText, viewsHint } from './views-hint'

const counts = (views: number): StatsCounts => ({
  views,
  saves: 1,
  conversations: 0,
  bookings: 0,
  alertHits: 2,
})

const stats = (views: number, similar: ListingStats['similar']): ListingStats => ({
  days: [],
  totals: counts(views),
  similar,
})

describe('the views hint', () => {
  it('suggests the price or photos when the views are below the similar homes’ median', () => {
    expect(viewsHint(stats(10, { listings: 5, medians: counts(25) }))).toBe(
      'Fewer views than similar homes: consider the price or photos.',
    )
  })

  it('says so when the views are above the median', () => {
    expect(viewsHint(stats(40, { listings: 5, medians: counts(25) }))).toBe(
      'More views than similar homes.',
    )
  })

  it('says as many when they are the median', () => {
    expect(viewsHint(stats(25, { listings: 5, medians: counts(25) }))).toBe(
      'As many views as similar homes.',
    )
  })

  it('has nothing to compare with when there are no similar homes', () => {
    expect(viewsHint(stats(0, { listings: 0, medians: null }))).toBe(
      'No similar homes nearby to compare with.',
    )
  })
})

describe('the comparison line', () => {
  it('counts the similar homes within 5 km', () => {
    expect(comparedWithText(stats(1, { listings: 12, medians: counts(3) }))).toBe(
      'Compared with 12 similar homes within 5 km',
    )
    expect(comparedWithText(stats(1, { listings: 1, medians: counts(3) }))).toBe(
      'Compared with 1 similar home within 5 km',
    )
  })

  it('is left out when there are none', () => {
    expect(comparedWithText(stats(1, { listings: 0, medians: null }))).toBeUndefined()
  })
})
