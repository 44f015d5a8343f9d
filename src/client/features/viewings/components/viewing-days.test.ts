import { describe, expect, it } from 'vitest'
import type { BookingDetails } from '../../../../shared/viewing'
import { viewingDayHeading, viewingDays } from './viewing-days'

const booking = (id: string, start: string, timeZone: string): BookingDetails => ({
  id,
  slotId: `slot-${id}`,
  start,
  minutes: 30,
  listingId: 'listing',
  listing: {
    id: 'listing',
    name: 'Bright Loft',
    type: 'rent',
    location: '12 Rue de Rivoli, Paris',
    imageUrl: null,
    status: 'active',
  },
  timeZone,
  booker: { id: 'booker', name: 'Al' },
  owner: { id: 'owner', name: 'Bea' },
})

describe('viewings by day', () => {
  it('heads a day with its weekday, day and month, and the year when it is another', () => {
    expect(viewingDayHeading('2026-12-14', 2026)).toBe('Monday 14 December')
    expect(viewingDayHeading('2027-01-02', 2026)).toBe('Saturday 2 January 2027')
  })

  it("files each booking under the day its listing's clocks show, earliest first", () => {
    const days = viewingDays(
      [
        // 23:30 in Paris on the 14th is already the 15th in UTC.
        booking('late-paris', '2026-12-14T22:30:00Z', 'Europe/Paris'),
        // 09:00 in Tokyo on the 15th is still the 14th in UTC.
        booking('tokyo', '2026-12-15T00:00:00Z', 'Asia/Tokyo'),
        booking('early-paris', '2026-12-14T08:00:00Z', 'Europe/Paris'),
      ],
      2026,
    )
    expect(days.map((day) => [day.heading, day.bookings.map((each) => each.id)])).toEqual([
      ['Monday 14 December', ['early-paris', 'late-paris']],
      ['Tuesday 15 December', ['tokyo']],
    ])
    expect(days[0]!.date).toBe('2026-12-14')
  })
})
