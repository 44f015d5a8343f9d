// The token of an alert's unsubscribe link: the saved search's id and an HMAC of it with the
// server's secret, so the link works without signing in and cannot be made for another search.
import crypto from 'node:crypto'

export interface UnsubscribeTokens {
  sign(savedSearchId: string): string
  /** The saved search's id, or undefined when the token was not made by us. */
  verify(token: string): string | undefined
}

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const mac = (savedSearchId: string) =>
    crypto
      .createHmac('sha256', secret)
      .update(`saved-search-unsubscribe:${savedSearchId}`)
      .digest('base64url')
  return {
    sign: (savedSearchId) => `${savedSearchId}.${mac(savedSearchId)}`,
    verify(token) {
      const match = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token)
      if (!match) return undefined
      const [, savedSearchId, given] = match as unknown as [string, string, string]
      const expected = Buffer.from(mac(savedSearchId))
      return crypto.timingSafeEqual(expected, Buffer.from(given)) ? savedSearchId : undefined
    },
  }
}
