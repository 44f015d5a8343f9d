// The links of a 'Still available?' mail: which listing, which mail (when it was sent), and an
// HMAC of both with the server's secret, so a link works without signing in, cannot be made for
// another listing, and ends when a newer mail asks again.
import crypto from 'node:crypto'

export const staleListingChoices = ['keep', 'close'] as const
export type StaleListingChoice = (typeof staleListingChoices)[number]

export interface StaleListingLink {
  listingId: string
  /** when the mail that carries the link asked, in ms */
  mailedAt: number
}

export function createStaleListingLinks(secret: string, publicUrl: string) {
  const mac = ({ listingId, mailedAt }: StaleListingLink) =>
    crypto
      .createHmac('sha256', secret)
      .update(`stale-listing:${listingId}:${mailedAt}`)
      .digest('base64url')
  return {
    url(link: StaleListingLink, choice: StaleListingChoice): string {
      return `${publicUrl}/still-available/${link.listingId}.${link.mailedAt}.${mac(link)}/${choice}`
    },

    /** What the token names, or undefined when we did not make it. */
    verify(token: string): StaleListingLink | undefined {
      const match = /^([A-Za-z0-9_-]{1,64})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token)
      if (!match) return undefined
      const link = { listingId: match[1]!, mailedAt: Number(match[2]) }
      const expected = Buffer.from(mac(link))
      return crypto.timingSafeEqual(expected, Buffer.from(match[3]!)) ? link : undefined
    },
  }
}

export type StaleListingLinks = ReturnType<typeof createStaleListingLinks>
