import { describe, expect, it } from 'vitest'
import { closedStatusText, nextStatus } from './listing-status-text'

describe("a listing's status on the screens", () => {
  it('names every status off the market on its badge', () => {
    expect(closedStatusText).toEqual({
      sold: 'Sold',
      rented: 'Rented',
      expired: 'Expired',
      hidden: 'Hidden',
    })
  })

  it('offers its owner to close it, to put it back on the market, or to relist an expired one', () => {
    expect(nextStatus({ type: 'sale', status: 'active' })).toEqual({
      status: 'sold',
      action: 'Mark as sold',
    })
    expect(nextStatus({ type: 'rent', status: 'active' })).toEqual({
      status: 'rented',
      action: 'Mark as rented',
    })
    expect(nextStatus({ type: 'rent', status: 'rented' })).toEqual({
      status: 'active',
      action: 'Put back on the market',
    })
    expect(nextStatus({ type: 'sale', status: 'expired' })).toEqual({
      status: 'active',
      action: 'Relist',
    })
  })

  it('offers nothing for a hidden listing: only a moderator shows it again', () => {
    expect(nextStatus({ type: 'sale', status: 'hidden' })).toBeNull()
  })
})
