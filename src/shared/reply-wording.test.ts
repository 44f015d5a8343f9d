import { describe, expect, it } from 'vitest'
import { memberSinceText, replyShareText, replyTimeText } from './reply-wording'

describe('replyTimeText', () => {
  it.each([
    [0, 'Usually replies within 15 minutes'],
    [15, 'Usually replies within 15 minutes'],
    [16, 'Usually replies within 30 minutes'],
    [45, 'Usually replies within an hour'],
    [60, 'Usually replies within an hour'],
    [61, 'Usually replies within 2 hours'],
    [120, 'Usually replies within 2 hours'],
    [150, 'Usually replies within 3 hours'],
    [5 * 60, 'Usually replies within 6 hours'],
    [11 * 60, 'Usually replies within 12 hours'],
    [13 * 60, 'Usually replies within a day'],
    [24 * 60, 'Usually replies within a day'],
    [24 * 60 + 1, 'Usually replies within 2 days'],
    [60 * 60, 'Usually replies within a few days'],
    [5 * 24 * 60, 'Usually replies within a week'],
    [8 * 24 * 60, 'Usually replies after more than a week'],
  ])('says %i minutes as %s, rounded up to the next bucket', (minutes, text) => {
    expect(replyTimeText(minutes)).toBe(text)
  })
})

describe('replyShareText', () => {
  it.each([
    [0.8, 'Replies to 80% of messages'],
    [1, 'Replies to 100% of messages'],
    [0, 'Replies to 0% of messages'],
    [2 / 3, 'Replies to 67% of messages'],
  ])('says a share of %d as %s', (share, text) => {
    expect(replyShareText(share)).toBe(text)
  })
})

describe('memberSinceText', () => {
  it("names the month and year of the account's first day, in UTC", () => {
    expect(memberSinceText('2026-03-14')).toBe('Member since March 2026')
    expect(memberSinceText('2025-12-31')).toBe('Member since December 2025')
    expect(memberSinceText('2026-01-01')).toBe('Member since January 2026')
  })
})
