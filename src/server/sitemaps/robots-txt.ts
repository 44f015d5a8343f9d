// What crawlers may read: the public screens, not the API nor the screens of a signed-in user
// (their responses are private, or a form with nothing to index). Sign in, sign up, forgot
// password and contact are linked from public pages and carry `noindex`: a crawler must be let in
// to read it, or it may index their addresses from the links alone.
import { screens } from '../../shared/screens.js'

/** A route's fixed part: `/edit-listing/:listingId` → `/edit-listing/`. */
const prefix = (path: string) => path.replace(/:.*$/, '')

const disallowed = [
  '/api/',
  ...[
    screens.profile,
    screens.saved,
    screens.messages,
    screens.viewings,
    screens.moderation,
    screens.createListing,
    screens.editListing,
    screens.resetPassword,
    screens.oauthPopup,
  ].map((screen) => prefix(screen.path)),
]

/** robots.txt, pointing at the sitemap index under `publicUrl`. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...disallowed.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n')
}
