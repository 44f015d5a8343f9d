// The demo's viewing times: the coming Saturday's open house and the next two weekday evenings, in
// each listing's own zone, read back through the API's query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatViewingTime } from '../../shared/viewing-time'
import { signUpAndIn } from '../../../tests/support/sign-in'
import { createTestApp, insertListing, type TestApp } from '../../../tests/support/test-app'
import { seedDemoViewings } from './demo-viewings'

describe('demo viewing times', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(() => t?.close())

  it('open each listing on Saturday morning and two weekday evenings of its own zone', async () => {
    const owner = await signUpAndIn(t.context)
    const paris = await insertListing(t.context, { userRef: owner.id, lat: 48.85, lng: 2.35 })
    const newYork = await insertListing(t.context, { userRef: owner.id, lat: 40.71, lng: -74.0 })
    // Thursday 10 December 2026, 23:30 UTC: already Friday in Paris, still Thursday in New York.
    const now = Date.parse('2026-12-10T23:30:00Z')
    await seedDemoViewings(t.context, [paris, newYork], now)

    const times = async (listing: typeof paris, zone: string) =>
      (await t.context.viewingSlots.list(listing, undefined, now)).map(
        (slot) => `${formatViewingTime(slot.start, slot.minutes, zone)} (${slot.capacity})`,
      )
    expect(await times(paris, 'Europe/Paris')).toEqual([
      'Sat 12 Dec, 11:00–12:00, Paris time (8)',
      'Mon 14 Dec, 18:00–18:30, Paris time (1)',
      'Tue 15 Dec, 18:00–18:30, Paris time (1)',
    ])
    expect(await times(newYork, 'America/New_York')).toEqual([
      'Fri 11 Dec, 18:00–18:30, New York time (1)',
      'Sat 12 Dec, 11:00–12:00, New York time (8)',
      'Mon 14 Dec, 18:00–18:30, New York time (1)',
    ])
  })
})
