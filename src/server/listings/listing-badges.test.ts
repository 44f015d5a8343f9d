// The badge rule at its edges: exactly 7 days, exactly 3%, exactly 30 days.
import { describe, expect, it } from 'vitest'
import { newFor, priceBadges, referenceAge } from './listing-badges'

const published = Date.UTC(2026, 9, 1)
const day = 86_400_000

describe('priceBadges', () => {
  it('gives nothing to a listing without a history', () => {
    expect(priceBadges([], published)).toEqual({ badges: [] })
  })

  it("is 'new' under 7 days after publication, and not at 7 days", () => {
    const entries = [{ at: published, price: 1000 }]
    expect(priceBadges(entries, published).badges).toEqual(['new'])
    expect(priceBadges(entries, published + newFor - 1).badges).toEqual(['new'])
    expect(priceBadges(entries, published + newFor).badges).toEqual([])
    expect(newFor).toBe(7 * day)
  })

  it("is 'reduced' at exactly 3% below the first price, not at 2.9%", () => {
    const now = published + 10 * day
    const at = published + 5 * day
    const cut = (price: number) => [
      { at: published, price: 1000 },
      { at, price },
    ]
    expect(priceBadges(cut(970), now)).toEqual({ badges: ['reduced'], priceChangedAt: at })
    expect(priceBadges(cut(971), now)).toEqual({ badges: [], priceChangedAt: at })
  })

  it('is not reduced by a raise and a cut back to the first price', () => {
    const now = published + 20 * day
    const entries = [
      { at: published, price: 1000 },
      { at: published + 2 * day, price: 1200 },
      { at: published + 10 * day, price: 1000 },
    ]
    expect(priceBadges(entries, now).badges).toEqual([])
  })

  it('measures against the price 30 days ago, an entry exactly 30 days old included', () => {
    const raised = published + 5 * day
    const entries = [
      { at: published, price: 1000 },
      { at: raised, price: 1200 },
      { at: raised + 31 * day, price: 1000 },
    ]
    // 36 days after publication: 30 days ago the price was 1,200, and 1,000 is 17% below it.
    const now = raised + 31 * day
    expect(priceBadges(entries, now).badges).toEqual(['reduced'])
    // Exactly 30 days after the raise, the raise is the reference.
    expect(priceBadges(entries.slice(0, 2), raised + referenceAge).badges).toEqual([])
    expect(priceBadges(entries, raised + referenceAge + day).badges).toEqual(['reduced'])
    // One millisecond short of 30 days after the raise, the reference is still the first price.
    const early = [...entries.slice(0, 2), { at: raised + 29 * day, price: 1000 }]
    expect(priceBadges(early, raised + referenceAge - 1).badges).toEqual([])
    expect(priceBadges(early, raised + referenceAge).badges).toEqual(['reduced'])
  })

  it('leaves priceChangedAt out while the price never changed', () => {
    expect(priceBadges([{ at: published, price: 5 }], published + 100 * day)).toEqual({
      badges: [],
    })
  })
})
