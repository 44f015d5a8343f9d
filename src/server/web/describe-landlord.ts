// A landlord's public page's head and data: their profile, and the first page of their listings
// on the market (or the page a 'Load More' link's cursor names).
import { idPattern } from '../../shared/ids.js'
import { imageSizes } from '../../shared/media.js'
import { memberSinceText } from '../../shared/reply-wording.js'
import { notFoundTitle } from '../../shared/screens.js'
import { describeList } from './describe-list.js'
import { cursorOf } from './page-address.js'
import type { PageMeta, PageReads } from './page-meta.js'

/**
 * The landlord's page, server-rendered with their profile and listings. Not kept (no version): the reply
 * figures and the name change without the listings changing. Not for search engines: it is a
 * person's page. An unknown user is rendered as not found, with a 404.
 */
export async function describeLandlord(
  userId: string,
  search: URLSearchParams,
  reads: PageReads,
): Promise<PageMeta> {
  const { users } = reads
  const profile = idPattern.test(userId) ? await users.getLandlordProfile(userId) : undefined
  if (!profile) {
    const value = { landlordProfile: { id: userId, value: null } }
    return { title: notFoundTitle, notFound: true, pageData: { value, version: undefined } }
  }
  const description = `Homes for rent and for sale by ${profile.name}. ${memberSinceText(profile.memberSince)}.`
  const filter = { userRef: profile.id, status: 'active' as const }
  const screen = { title: profile.name, description, filter, sizes: imageSizes.card }
  const list = await describeList(screen, reads, cursorOf(search))
  if (!list.pageData) return list
  const value = { ...list.pageData.value, landlordProfile: { id: profile.id, value: profile } }
  return { ...list, noindex: true, pageData: { value, version: undefined } }
}
