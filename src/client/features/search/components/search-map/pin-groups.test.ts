import { describe, expect, it } from 'vitest'
import { groupOverlapping, overlaps, type Box, type PlacedMarker } from './pin-groups'

/** A 40 × 20 px pin standing above its point. */
const pin = (name: string, x: number, y: number): PlacedMarker<string> => ({
  members: [name],
  count: 1,
  x,
  y,
  box: { left: x - 20, top: y - 20, right: x + 20, bottom: y },
})
const badge = (x: number, y: number): Box => ({
  left: x - 16,
  top: y - 16,
  right: x + 16,
  bottom: y + 16,
})

describe('groupOverlapping', () => {
  it('leaves pins that do not overlap as they are', () => {
    const pins = [pin('a', 0, 0), pin('b', 40, 0), pin('c', 0, 100)]
    expect(groupOverlapping(pins, badge)).toEqual(pins)
  })

  it('puts overlapping pins into one badge at their middle', () => {
    const [group, ...others] = groupOverlapping([pin('a', 0, 0), pin('b', 30, 0)], badge)
    expect(others).toEqual([])
    expect(group).toMatchObject({ members: ['a', 'b'], count: 2, x: 15, y: 0 })
  })

  it('groups again when a new badge overlaps a marker it did not before', () => {
    // a and c overlap; their badge at x = 55 then overlaps b, which overlapped neither.
    const markers = [pin('a', 40, 0), pin('b', 55, 30), pin('c', 70, 0)]
    const groups = groupOverlapping(markers, badge)
    expect(groups.map((group) => group.members.sort())).toEqual([['a', 'b', 'c']])
  })

  it('leaves no two boxes overlapping, however crowded', () => {
    const crowd = Array.from({ length: 200 }, (_, k) =>
      pin(`p${k}`, (k * 37) % 300, (k * 53) % 200),
    )
    const groups = groupOverlapping(crowd, badge)
    expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(200)
    for (const [i, a] of groups.entries()) {
      for (const b of groups.slice(i + 1)) expect(overlaps(a.box, b.box)).toBe(false)
    }
  })
})
