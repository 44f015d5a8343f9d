// The absolute links our mails carry (PUBLIC_URL), to pages every kind of mail points at.
import type { Listing } from '../../shared/listing.js'

export function listingUrl(publicUrl: string, listing: Pick<Listing, 'type' | 'id'>): string {
  return `${publicUrl}/category/${listing.type}/${encodeURIComponent(listing.id)}`
}

/** The page of a one-click unsubscribe link (alerts/unsubscribe.routes.ts). */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe/${token}`
}
