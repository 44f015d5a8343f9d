import { describe, expect, it } from 'vitest'
import { messageParts } from './message-parts'

describe('a message cut into text and links', () => {
  it('makes each http and https address a link, and keeps the text around it', () => {
    expect(messageParts('See https://example.org/flat?id=2 and http://a.test/x, thanks')).toEqual([
      { text: 'See ' },
      { url: 'https://example.org/flat?id=2' },
      { text: ' and ' },
      { url: 'http://a.test/x' },
      { text: ', thanks' },
    ])
  })

  it('leaves the punctuation that ends a sentence out of the address', () => {
    expect(messageParts('Look: https://example.org/a.')).toEqual([
      { text: 'Look: ' },
      { url: 'https://example.org/a' },
      { text: '.' },
    ])
    expect(messageParts('(photos at https://example.org/p)')).toEqual([
      { text: '(photos at ' },
      { url: 'https://example.org/p' },
      { text: ')' },
    ])
  })

  it("keeps a ')' that closes a '(' of the address itself", () => {
    expect(messageParts('https://en.wikipedia.org/wiki/Loft_(room) here')).toEqual([
      { url: 'https://en.wikipedia.org/wiki/Loft_(room)' },
      { text: ' here' },
    ])
  })

  it('never makes a link of another scheme or of HTML, which stays text as typed', () => {
    const html = '<a href="javascript:alert(1)">x</a> <img src=x onerror=alert(1)>'
    expect(messageParts(html)).toEqual([{ text: html }])
    expect(messageParts('javascript:alert(1) ftp://example.org')).toEqual([
      { text: 'javascript:alert(1) ftp://example.org' },
    ])
    expect(messageParts('https://')).toEqual([{ text: 'https://' }])
  })

  it('gives the message back whole, line breaks included, when joined', () => {
    const body = 'Hi!\nhttps://example.org/one\n\nBye https://example.org/two'
    const joined = messageParts(body)
      .map((part) => ('url' in part ? part.url : part.text))
      .join('')
    expect(joined).toBe(body)
    expect(messageParts('')).toEqual([])
  })
})
