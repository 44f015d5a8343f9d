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
    expect(mail.text).toContain(`${listing.name} - $250,000\n1 <b>Bold</b> Street`)
    expect(mail.html).toContain('src="https://bucket.example/images/a/w400.webp"')
    expect(mail.html).toContain('src="https://homes.example/media/images/b/w400.webp"')
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
    })
    expect(cut.subject).toBe(`Price cut: ${listing.name}`)
    expect(cut.text).toContain('now costs $250,000 (was $300,000).')
    expect(cut.html).toContain('href="https://homes.example/category/sale/abc123"')
    expect(cut.html).toContain('href="https://homes.example/saved"')
    expect(cut.html).not.toContain('<img src=x')

    const closed = listingClosedMail({ to: 'saver@example.com', publicUrl, listing })
    expect(closed.subject).toBe(`No longer available: ${listing.name}`)
    expect(closed.text).toContain('a home you saved has been sold.')
    expect(closed.headers).toBeUndefined()
  })
})
