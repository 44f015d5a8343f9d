// What crawlers may read: the public screens, not the API nor the screens of a signed-in user
// (their answers are private, or a form with nothing to index).
import { screens } from '../../shared/screens.js'

/** A route's fixed part: `/edit-listing/:listingId` → `/edit-listing/`. */
const prefix = (path: string) => path.replace(/:.*$/, '')

const disallowed = [
  '/api/',
  ...[
    screens.profile,
    screens.saved,
    screens.createListing,
    screens.editListing,
    screens.signIn,
    screens.signUp,
    screens.forgotPassword,
    screens.resetPassword,
    screens.oauthPopup,
    screens.contact,
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
