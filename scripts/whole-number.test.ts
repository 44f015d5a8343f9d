import { afterEach, describe, expect, it, vi } from 'vitest'
import { wholeNumber } from './whole-number'

describe('wholeNumber', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('returns the fallback when unset and the number when set', () => {
    vi.stubEnv('SOME_SETTING', '')
    expect(wholeNumber('SOME_SETTING', 3)).toBe(3)
    vi.stubEnv('SOME_SETTING', ' 8080 ')
    expect(wholeNumber('SOME_SETTING', 3, { max: 65535 })).toBe(8080)
  })

  it('names the variable and the range when the value is out of it or not whole', () => {
    vi.stubEnv('SOME_SETTING', '70000')
    expect(() => wholeNumber('SOME_SETTING', 3, { max: 65535 })).toThrow(
      "SOME_SETTING must be a whole number from 1 to 65535, not '70000'",
    )
    vi.stubEnv('SOME_SETTING', '2.5')
    expect(() => wholeNumber('SOME_SETTING', 3)).toThrow(
      "SOME_SETTING must be a whole number of at least 1, not '2.5'",
    )
  })
})
