// The tokens of the mails' unsubscribe links: what the link turns off (a saved search by its id,
// one kind of saved-home mail for a user, or a user's message mails or statistics mail) and an HMAC of it with the
// server's secret, so the link works without signing in and cannot be made for another search or
// person.
import crypto from 'node:crypto'
import type { SavedHomeMailKind } from '../db/schema.js'

export interface UnsubscribeTokens {
  sign(savedSearchId: string): string
  /** The saved search's id, or undefined when the token was not made by us. */
  verify(token: string): string | undefined
  /** A token that turns `kind` of saved-home mail off for the user. */
  signSavedHomes(kind: SavedHomeMailKind, userId: string): string
  /** The user's id, or undefined when the token was not made by us for `kind`. */
  verifySavedHomes(kind: SavedHomeMailKind, token: string): string | undefined
  /** A token that turns the user's message mails off. */
  signMessages(userId: string): string
  /** The user's id, or undefined when the token was not made by us for message mails. */
  verifyMessages(token: string): string | undefined
  /** A token that turns the user's Monday statistics mail off. */
  signStatsMail(userId: string): string
  /** The user's id, or undefined when the token was not made by us for the statistics mail. */
  verifyStatsMail(token: string): string | undefined
}

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const mac = (purpose: string, id: string) =>
    crypto.createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url')
  const sign = (purpose: string, id: string) => `${id}.${mac(purpose, id)}`
  function verify(purpose: string, token: string): string | undefined {
    const match = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token)
    if (!match) return undefined
    const [, id, given] = match as unknown as [string, string, string]
    const expected = Buffer.from(mac(purpose, id))
    return crypto.timingSafeEqual(expected, Buffer.from(given)) ? id : undefined
  }
  const savedHomes = (kind: SavedHomeMailKind) => `saved-home-unsubscribe:${kind}`
  return {
    sign: (savedSearchId) => sign('saved-search-unsubscribe', savedSearchId),
    verify: (token) => verify('saved-search-unsubscribe', token),
    signSavedHomes: (kind, userId) => sign(savedHomes(kind), userId),
    verifySavedHomes: (kind, token) => verify(savedHomes(kind), token),
    signMessages: (userId) => sign('message-mail-unsubscribe', userId),
    verifyMessages: (token) => verify('message-mail-unsubscribe', token),
    signStatsMail: (userId) => sign('stats-mail-unsubscribe', userId),
    verifyStatsMail: (token) => verify('stats-mail-unsubscribe', token),
  }
}
