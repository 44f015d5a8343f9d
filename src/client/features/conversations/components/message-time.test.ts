import { describe, expect, it } from 'vitest'
import { formatMessageTime, formatTimeAgo } from './message-time'

const now = new Date('2026-11-26T14:30:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)
const minutes = (count: number) => count * 60_000
const utc = 'UTC'

describe('how long ago a message was sent, in the inbox', () => {
  it("says 'just now' within a minute, and for a time ahead of this clock", () => {
    expect(formatTimeAgo(ago(30_000), now, utc)).toBe('just now')
    expect(formatTimeAgo(ago(-5_000), now, utc)).toBe('just now')
  })

  it('counts minutes, then hours, then days', () => {
    expect(formatTimeAgo(ago(minutes(2)), now, utc)).toBe('2 min ago')
    expect(formatTimeAgo(ago(minutes(59)), now, utc)).toBe('59 min ago')
    expect(formatTimeAgo(ago(minutes(60)), now, utc)).toBe('1 hour ago')
    expect(formatTimeAgo(ago(minutes(5 * 60 + 10)), now, utc)).toBe('5 hours ago')
    expect(formatTimeAgo(ago(minutes(24 * 60)), now, utc)).toBe('1 day ago')
    expect(formatTimeAgo(ago(minutes(6 * 24 * 60)), now, utc)).toBe('6 days ago')
  })

  it('gives the date after a week, with the year when it is not this one', () => {
    expect(formatTimeAgo(ago(minutes(7 * 24 * 60)), now, utc)).toBe('Nov 19')
    expect(formatTimeAgo(new Date('2025-12-31T10:00:00Z'), now, utc)).toBe('Dec 31, 2025')
  })
})

describe("a message's time in the conversation", () => {
  it('is the time of day today, and the date with the time before', () => {
    expect(formatMessageTime(new Date('2026-11-26T09:05:00Z'), now, utc)).toMatch(/^9:05\sAM$/u)
    expect(formatMessageTime(new Date('2026-11-25T23:59:00Z'), now, utc)).toMatch(
      /^Nov 25, 11:59\sPM$/u,
    )
    expect(formatMessageTime(new Date('2024-02-03T13:00:00Z'), now, utc)).toMatch(
      /^Feb 3, 2024, 1:00\sPM$/u,
    )
  })

  it("is read in the reader's time zone: the same moment is another day in Tokyo", () => {
    expect(formatMessageTime(new Date('2026-11-26T20:00:00Z'), now, 'Asia/Tokyo')).toMatch(
      /^Nov 27, 5:00\sAM$/u,
    )
  })
})
