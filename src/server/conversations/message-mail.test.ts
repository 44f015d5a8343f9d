// The message mail puts what people wrote into HTML escaped and into the text part on one line
// each, quotes the latest messages only, and links absolutely.
import { describe, expect, it } from 'vitest'
import { messageMail, type MessageMail } from './message-mail'

const publicUrl = 'https://homes.example'

const mail = (fields: Partial<MessageMail> = {}) =>
  messageMail({
    to: 'landlord@example.com',
    publicUrl,
    conversationId: 'abc123',
    senderName: 'Ana <b>Asker</b>',
    listingName: 'Flat & "Co"',
    messages: ['Hi, is this home still available?'],
    unread: 1,
    unsubscribeUrl: `${publicUrl}/unsubscribe/messages/token`,
    ...fields,
  })

describe('the message mail', () => {
  it('names the sender by first name and the listing in its subject', () => {
    expect(mail().subject).toBe('New message from Ana about Flat & "Co"')
    expect(mail({ messages: ['One', 'Two'], unread: 2 }).subject).toBe(
      '2 new messages from Ana about Flat & "Co"',
    )
  })

  it('escapes what people wrote in HTML and keeps its line breaks there', () => {
    const html = mail({ messages: ['<script>alert(1)</script>\nSecond line'] }).html
    expect(html).not.toMatch(/<script>|<b>/)
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;<br>Second line')
    expect(html).toContain('Ana &#60;b&#62;Asker&#60;/b&#62;')
    expect(html).toContain('href="https://homes.example/messages/abc123"')
    expect(html).toContain('href="https://homes.example/unsubscribe/messages/token"')
    for (const [, url] of html.matchAll(/(?:href|src)="([^"]+)"/g)) {
      expect(url).toMatch(/^https:\/\//)
    }
  })

  it('quotes the latest 3 unread messages, says how many came before, and cuts long ones', () => {
    const long = 'Very long. '.repeat(100)
    const { text, html } = mail({ messages: ['1st', '2nd', '3rd', long], unread: 5 })
    const quoted = text.split('\n').filter((line) => line.startsWith('Message: '))
    expect(quoted.map((line) => line.slice(0, 14))).toEqual([
      'Message: 2nd',
      'Message: 3rd',
      'Message: Very ',
    ])
    expect(quoted[2]!.length).toBeLessThanOrEqual('Message: '.length + 500)
    expect(quoted[2]!.endsWith('…')).toBe(true)
    expect(text).toContain('And 2 earlier messages.')
    expect(html).toContain('And 2 earlier messages.')
    expect(html).not.toContain('1st')
  })
})
