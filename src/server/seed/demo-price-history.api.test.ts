// The demo's first page of Explore, as the API gives it: one home whose price was cut, marked
// 'Reduced', with the history its chart shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListingPage, PriceHistoryEntry } from '../../shared/listing'
import { createTestApp, dialects, requestJson, type TestApp } from '../../../tests/support/test-app'
import { seedDemo } from './seed'

describe.each(dialects)('the demo price histories on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
    // The first page of Explore: the ten newest homes.
    await seedDemo(t.context, { users: 1, listings: 10 })
  }, 120_000)
  afterAll(() => t?.close())

  it('give one home of the first page a history: its first price, then a cut', async () => {
    const { items } = (await requestJson<ListingPage>(t.app, '/api/listings?limit=10')).body
    const histories = await Promise.all(
      items.map(
        async (listing) =>
          (
            await requestJson<{ items: PriceHistoryEntry[] }>(
              t.app,
              `/api/listings/${listing.id}/price-history`,
            )
          ).body.items,
      ),
    )
    const moved = histories.filter((history) => history.length > 1)
    expect(moved).toHaveLength(1)
    const [first, today] = moved[0]!
    expect(moved[0]).toHaveLength(2)
    expect(today!.price).toBeLessThanOrEqual(first!.price * 0.97)
    expect(Date.parse(today!.at)).toBeLessThanOrEqual(Date.now())
  })

  it("mark one home of the first page 'Reduced', its history a cut from its first price", async () => {
    const { items } = (await requestJson<ListingPage>(t.app, '/api/listings?limit=10')).body
    expect(items).toHaveLength(10)
    const reduced = items.filter((listing) => listing.badges.includes('reduced'))
    expect(reduced).toHaveLength(1)

    const { body: history } = await requestJson<{ items: PriceHistoryEntry[] }>(
      t.app,
      `/api/listings/${reduced[0]!.id}/price-history`,
    )
    expect(history.items).toHaveLength(2)
    const [first, today] = history.items
    expect(first!.at).toBe(reduced[0]!.timestamp)
    expect(today!.price).toBeLessThanOrEqual(first!.price * 0.97)
    expect(reduced[0]!.priceChangedAt).toBe(today!.at)
    for (const listing of items.filter((other) => other !== reduced[0])) {
      expect(listing.priceChangedAt, listing.name).toBeUndefined()
    }
  })
})
