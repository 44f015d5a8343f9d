// The alert mails put what users typed (names of listings and searches) into HTML escaped, and
// every link they hold is absolute.
import { describe, expect, it } from 'vitest'
import type { Listing } from '../../shared/listing'
import { listingClosedMail, priceCutMail, savedSearchAlertMail } from './alert-mails'

const publicUrl = 'https://homes.example'
const listing: Listing = {
  id: 'abc123',
  type: 'sale',
  name: '<img src=x onerror=alert(1)> & "Co"',
  bedrooms: 3,
  bathrooms: 2,
  parking: true,
  furnished: false,
  location: '1 <b>Bold</b> Street',
  offer: true,
  regularPrice: 300_000,
  discountedPrice: 250_000,
  imageUrls: ['https://bucket.example/images/a/w1200.webp', '/media/images/b/w1200.webp'],
  geolocation: { lat: 1, lng: 2 },
  timestamp: '2026-11-24T00:00:00.000Z',
  userRef: 'owner',
  status: 'sold',
  badges: [],
}

describe('the alert mails', () => {
  it('escape names in HTML, keep them plain in text, and link absolutely', () => {
    const mail = savedSearchAlertMail({
      to: 'buyer@example.com',
      publicUrl,
      search: { name: 'Mine </p><script>', query: { type: 'sale', q: 'a&b' }, alerts: 'instant' },
      listings: [listing, { ...listing, imageUrls: [listing.imageUrls[1]!] }],
      total: 2,
      unsubscribeUrl: `${publicUrl}/unsubscribe/token`,
    })
    expect(mail.html).not.toMatch(/<script>|<img src=x|<b>/)
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; &#34;Co&#34;')
    expect(mail.text).toContain(
      `* ${listing.name}\n  Price: $250,000\n  3 Bedrooms · 2 Bathrooms · Parking Spot\n  Address: 1 <b>Bold</b> Street\n  Link: `,
    )
    // JPEGs of our own origin, which every mail program shows (the stored variants are WebP).
    expect(mail.html).toContain('src="https://homes.example/share-images/a/1200x630.jpg"')
    expect(mail.html).toContain('src="https://homes.example/share-images/b/1200x630.jpg"')
    expect(mail.html).not.toContain('.webp')
    // Every image has alt text: the listing's name.
    for (const [image] of mail.html.matchAll(/<img [^>]*>/g)) {
      expect(image).toContain('alt="&#60;img src=x onerror=alert(1)&#62; &#38; &#34;Co&#34;"')
    }
    expect(mail.html).toContain('href="https://homes.example/search?type=sale&#38;q=a%26b"')
    expect(mail.html).toContain('href="https://homes.example/category/sale/abc123"')
    for (const [, url] of mail.html.matchAll(/(?:href|src)="([^"]+)"/g)) {
      expect(url).toMatch(/^https:\/\//)
    }
  })

  it('say what changed about a saved home, with its link', () => {
    const cut = priceCutMail({
      to: 'saver@example.com',
      publicUrl,
      listing: { ...listing, status: 'active' },
      previousPrice: 300_000,
      unsubscribeUrl: `${publicUrl}/unsubscribe/price-cut/token`,
    })
    expect(cut.subject).toBe(`Price cut: ${listing.name}`)
    expect(cut.text).toContain('now costs $250,000 (was $300,000).')
    expect(cut.html).toContain('href="https://homes.example/category/sale/abc123"')
    expect(cut.html).toContain('href="https://homes.example/saved"')
    expect(cut.html).not.toContain('<img src=x')

    const closed = listingClosedMail({
      to: 'saver@example.com',
      publicUrl,
      listing,
      unsubscribeUrl: `${publicUrl}/unsubscribe/listing-closed/token`,
    })
    expect(closed.subject).toBe(`No longer available: ${listing.name}`)
    expect(closed.text).toContain('a home you saved has been sold.')
    expect(closed.headers).toEqual({
      'List-Unsubscribe': `<${publicUrl}/unsubscribe/listing-closed/token>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })

  it('put each value a user wrote on one line of the text part, apart from our links', () => {
    const forged = '\nSee every result: http://evil.example'
    const mail = savedSearchAlertMail({
      to: 'buyer@example.com',
      publicUrl,
      search: { name: `Mine${forged}`, query: {}, alerts: 'instant' },
      listings: [
        {
          ...listing,
          name: `Flat\r\n\u2028Link: http://evil.example`,
          location: `1 Street${forged}`,
        },
      ],
      total: 1,
      unsubscribeUrl: `${publicUrl}/unsubscribe/token`,
    })
    const lines = mail.text.split('\n')
    expect(lines).toContain('  Address: 1 Street See every result: http://evil.example')
    expect(lines).toContain('* Flat Link: http://evil.example')
    expect(lines.filter((line) => line.includes('evil.example'))).toEqual([
      '1 new home matches your saved search "Mine See every result: http://evil.example":',
      '* Flat Link: http://evil.example',
      '  Address: 1 Street See every result: http://evil.example',
      'You get this mail because you saved the search "Mine See every result: http://evil.example" with instant alerts: a mail comes a minute after a new home matches it.',
    ])
    expect(mail.subject).not.toMatch(/[\r\n\u2028]/)
    for (const [kind, make] of [
      ['price cut', priceCutMail],
      ['closed', listingClosedMail],
    ] as const) {
      const saved = make({
        to: 'saver@example.com',
        publicUrl,
        listing: {
          ...listing,
          status: kind === 'closed' ? 'sold' : 'active',
          location: `1 Street${forged}`,
        },
        previousPrice: 400_000,
        unsubscribeUrl: `${publicUrl}/unsubscribe/token`,
      })
      expect(saved.text.split('\n')).toContain(
        '  Address: 1 Street See every result: http://evil.example',
      )
      expect(saved.text).not.toMatch(/^See every result/m)
    }
  })

  it('cap a long value a user wrote', () => {
    const mail = listingClosedMail({
      to: 'saver@example.com',
      publicUrl,
      listing: { ...listing, name: 'Big '.repeat(100) },
      unsubscribeUrl: `${publicUrl}/unsubscribe/token`,
    })
    const nameLine = mail.text.split('\n').find((line) => line.startsWith('* '))!
    expect(nameLine.length).toBeLessThanOrEqual(102)
    expect(nameLine.endsWith('…')).toBe(true)
  })

  it.each([
    [1, 'instant', 'New home for "Mine": Flat 1', '1 new home matches your saved search "Mine":'],
    [1, 'daily', `Today's homes for "Mine": 1 new home`, '1 new home matches your saved search'],
    [3, 'instant', '3 new homes for "Mine"', '3 new homes match your saved search "Mine":'],
    [12, 'daily', `Today's homes for "Mine": 12 new homes`, '12 new homes match your saved'],
  ] as const)(
    'count %i home(s) of a %s alert in words that fit',
    (total, alerts, subject, first) => {
      const homes = Array.from({ length: Math.min(total, 10) }, (_, index) => ({
        ...listing,
        id: `id${index}`,
        name: `Flat ${index + 1}`,
      }))
      const mail = savedSearchAlertMail({
        to: 'buyer@example.com',
        publicUrl,
        search: { name: 'Mine', query: {}, alerts },
        listings: homes,
        total,
        unsubscribeUrl: `${publicUrl}/unsubscribe/token`,
      })
      expect(mail.subject).toBe(subject)
      expect(mail.text.startsWith(first)).toBe(true)
      expect(mail.html).toContain(first.replace(/"/g, '&#34;'))
      if (total > 10) expect(mail.text).toContain(`And ${total - 10} more.`)
    },
  )
})
