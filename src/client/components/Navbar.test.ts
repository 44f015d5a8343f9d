import { describe, expect, it } from 'vitest'
import { isCurrentEntry } from './Navbar'

describe('the current navigation entry', () => {
  it('is Explore on / alone, and the others on their paths and below', () => {
    expect(isCurrentEntry('/', '/')).toBe(true)
    expect(isCurrentEntry('/', '/offers')).toBe(false)
    expect(isCurrentEntry('/offers', '/offers')).toBe(true)
    expect(isCurrentEntry('/profile', '/profile')).toBe(true)
    expect(isCurrentEntry('/profile', '/profiles')).toBe(false)
  })

  it('is Profile on Saved homes, which Profile leads to', () => {
    expect(isCurrentEntry('/profile', '/saved')).toBe(true)
    expect(isCurrentEntry('/offers', '/saved')).toBe(false)
  })

  it('is Profile on Messages and a conversation, which Profile leads to on phones', () => {
    expect(isCurrentEntry('/profile', '/messages')).toBe(true)
    expect(isCurrentEntry('/profile', '/messages/abc')).toBe(true)
    expect(isCurrentEntry('/profile', '/messagesx')).toBe(false)
    expect(isCurrentEntry('/', '/messages')).toBe(false)
  })

  it('is Profile on Viewings, which Profile leads to on phones', () => {
    expect(isCurrentEntry('/profile', '/viewings')).toBe(true)
    expect(isCurrentEntry('/offers', '/viewings')).toBe(false)
  })
})
