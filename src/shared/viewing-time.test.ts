import { describe, expect, it } from 'vitest'
import { formatViewingTime, timeZoneLabel, zonedTimeToUtc, zonedWallClock } from './viewing-time'

describe('viewing times in the listing’s zone', () => {
  it('reads 10:00 Paris time as 09:00 UTC in winter and 08:00 UTC the day after clocks go forward', () => {
    // Europe's clocks go forward on the last Sunday of March (2027-03-28).
    expect(new Date(zonedTimeToUtc('2027-03-27', '10:00', 'Europe/Paris')).toISOString()).toBe(
      '2027-03-27T09:00:00.000Z',
    )
    expect(new Date(zonedTimeToUtc('2027-03-29', '10:00', 'Europe/Paris')).toISOString()).toBe(
      '2027-03-29T08:00:00.000Z',
    )
    // And back on the last Sunday of October (2026-10-25).
    expect(new Date(zonedTimeToUtc('2026-10-26', '10:00', 'Europe/Paris')).toISOString()).toBe(
      '2026-10-26T09:00:00.000Z',
    )
  })

  it('handles the hour the clocks skip and the hour they show twice', () => {
    // 02:30 does not exist in Paris on 2027-03-28: read with the winter offset, it is 01:30 UTC.
    expect(new Date(zonedTimeToUtc('2027-03-28', '02:30', 'Europe/Paris')).toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    )
    // 02:30 happens twice on 2026-10-25: the first one, still in summer time.
    expect(new Date(zonedTimeToUtc('2026-10-25', '02:30', 'Europe/Paris')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    )
  })

  it('goes round trip through the wall clock in zones either side of UTC', () => {
    for (const zone of ['America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'UTC']) {
      for (const date of ['2026-12-14', '2027-07-01']) {
        const at = zonedTimeToUtc(date, '18:45', zone)
        expect(zonedWallClock(at, zone)).toEqual({ date, time: '18:45' })
      }
    }
  })

  it('shows a slot with its day, hours and zone', () => {
    const start = zonedTimeToUtc('2026-12-12', '10:00', 'Europe/Paris')
    expect(formatViewingTime(start, 30, 'Europe/Paris')).toBe('Sat 12 Dec, 10:00–10:30, Paris time')
    expect(formatViewingTime(new Date(start).toISOString(), 90, 'America/New_York')).toBe(
      'Sat 12 Dec, 04:00–05:30, New York time',
    )
  })

  it('names zones by their city, or by their offset when they have none', () => {
    expect(timeZoneLabel('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time')
    expect(timeZoneLabel('Etc/GMT-3')).toBe('UTC+3')
    expect(timeZoneLabel('Etc/GMT+10')).toBe('UTC−10')
    expect(timeZoneLabel('Etc/UTC')).toBe('UTC')
  })
})
