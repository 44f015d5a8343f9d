import { describe, expect, it } from 'vitest'
import { homeCount, showHomes } from './home-count'

describe('homeCount', () => {
  it("says 'No homes', '1 home', then the number with thousands separators", () => {
    expect(homeCount(0)).toBe('No homes')
    expect(homeCount(1)).toBe('1 home')
    expect(homeCount(2)).toBe('2 homes')
    expect(homeCount(1234)).toBe('1,234 homes')
  })
})

describe('showHomes', () => {
  it("says 'Show 1,234 homes', 'Show 1 home', and 'No homes match' for none", () => {
    expect(showHomes(0)).toBe('No homes match')
    expect(showHomes(1)).toBe('Show 1 home')
    expect(showHomes(1234)).toBe('Show 1,234 homes')
  })
})
