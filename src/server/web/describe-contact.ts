// The contact page's head and data: its landlord, and the listing the message is about.
import { idPattern } from '../../shared/ids.js'
import type { PageData } from '../../shared/page-data.js'
import { screens } from '../../shared/screens.js'
import type { PageMeta, PageReads } from './page-meta.js'

/**
 * The contact page, rendered with its landlord and, when the address names one of theirs, the
 * listing the message is about. Not kept (no version): a landlord's name changes without the
 * listings changing. An unknown landlord is left to the browser, which says so.
 */
export async function describeContact(
  landlordId: string,
  listingId: string,
  { listings, users }: PageReads,
): Promise<PageMeta> {
  const title = screens.contact.title
  const landlord = idPattern.test(landlordId) ? await users.getProfile(landlordId) : undefined
  if (!landlord) return { title, noindex: true }
  const listing = idPattern.test(listingId) ? (await listings.readOne(listingId)).value : undefined
  const about = listing?.userRef === landlord.id ? listing : undefined
  const value: PageData = { landlord: { id: landlord.id, value: landlord } }
  if (about) value.listing = { id: about.id, value: about }
  return { title, noindex: true, pageData: { value, version: undefined } }
}
