import { describe, expect, it } from 'vitest'
import { homeCount } from './home-count'

describe('homeCount', () => {
  it("says 'No homes', '1 home', then the number with thousands separators", () => {
    expect(homeCount(0)).toBe('No homes')
    expect(homeCount(1)).toBe('1 home')
    expect(homeCount(2)).toBe('2 homes')
    expect(homeCount(1234)).toBe('1,234 homes')
  })
})
