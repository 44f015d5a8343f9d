// What each screen's <head> says before any script runs: its title and description; for a listing
// and a list, Open Graph and Twitter tags, so a shared link shows a preview card; its canonical
// link and JSON-LD (structured-data.ts); and preloads of the data, the first image and the code the
// screen asks for first, so they load beside the entry script instead of after it.
import { formatBathrooms, formatBedrooms, formatPrice } from '../../shared/format.js'
import { canonicalSearchPath } from '../../shared/canonical-search-path.js'
import { effectivePrice, isListingType, type Listing } from '../../shared/listing.js'
import { idPattern } from '../../shared/ids.js'
import { listingPath } from '../../shared/listing-requests.js'
import type { PageData } from '../../shared/page-data.js'
import { imageSizes, imageSrcSet, imageVariantUrl } from '../../shared/media.js'
import { readListingSearch } from '../../shared/listing-query-schema.js'
import {
  categoryTitle,
  documentTitle,
  listingPagePath,
  notFoundTitle,
  screens,
  siteName,
} from '../../shared/screens.js'
import { escapeHtml } from '../lib/escape.js'
import { shareImageTags } from './share-image-tags.js'
import { describeContact } from './describe-contact.js'
import { describeLandlord } from './describe-landlord.js'
import { describeListingStats } from './describe-listing-stats.js'
import { describeList } from './describe-list.js'
import { firstSentence } from './first-sentence.js'
import { cursorOf, withCursor } from './page-address.js'
import type { PageChunkLookup } from './page-chunks.js'
import type { Describe, PageMeta, PageReads, PageViewer, RouteParams } from './page-meta.js'
import {
  listingStructuredData,
  listStructuredData,
  structuredDataScript,
} from './structured-data.js'

const siteDescription = 'Browse homes for rent or for sale, and publish your own listings.'

export interface PageHead {
  status: 200 | 400 | 404 | 410
  html: string
  /** What the screen is rendered from, when the server renders it (render-page.tsx). */
  pageData?: PageData
  /** The preload of the screen's first API read: for the head of a page not server-rendered. */
  dataPreload?: string
  /** The listings' version `pageData` was read at: the page may be cached under it. */
  version?: string
  /** Sign in and Sign up: for visitors, a signed-in user is sent on to My Profile. */
  visitorsOnly?: boolean
}

interface PageRoute {
  /** The screen's route, as the client's router has it (shared/screens.ts). */
  path: string
  /** The page module, as Vite's manifest names it. */
  module: string
  describe: Describe
}

/** A screen whose head is its title alone. */
const titledRoute = (
  screen: { path: string; title: string },
  module: string,
  { noindex = false } = {},
): PageRoute => ({
  path: screen.path,
  module,
  describe: () => ({ title: screen.title, noindex }),
})

/** `/category/:categoryName` → `^/category/(?<categoryName>[^/]+)$`, as the client matches. */
function routePattern(path: string): RegExp {
  const segments = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? `(?<${segment.slice(1)}>[^/]+)`
        : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
  return new RegExp(`^${segments.join('/')}$`)
}

/**
 * An account form, rendered on the server so that a reader without scripts sees it. It holds
 * nothing of anyone's: the server renders it for someone not signed in, whoever asks.
 */
const renderedFormRoute = (
  screen: { path: string; title: string },
  module: string,
  { visitorsOnly = false } = {},
): PageRoute => ({
  path: screen.path,
  module,
  describe: () => ({
    title: screen.title,
    noindex: true,
    visitorsOnly,
    pageData: { value: {}, version: undefined },
  }),
})

// The spec's screens, in the client's order (src/client/routes.tsx).
const routes: PageRoute[] = [
  {
    path: screens.explore.path,
    module: 'pages/Explore.tsx',
    describe: (_, _search, reads) =>
      describeList(
        {
          title: screens.explore.title,
          description: siteDescription,
          filter: {},
          recommended: true,
          sizes: imageSizes.slide,
        },
        reads,
      ),
  },
  {
    path: screens.offers.path,
    module: 'pages/Offers.tsx',
    describe: (_, search, reads) =>
      describeList(
        {
          title: screens.offers.title,
          description: 'Homes for rent and for sale at a discount.',
          filter: { offer: true },
          sizes: imageSizes.card,
        },
        reads,
        cursorOf(search),
      ),
  },
  {
    path: screens.category.path,
    module: 'pages/Category.tsx',
    describe: ({ categoryName = '' }, search, reads) => {
      const title = categoryTitle(categoryName)
      const homes = categoryName === 'rent' ? 'for rent' : 'for sale'
      const description = `Homes ${homes}, newest first.`
      if (!isListingType(categoryName)) return { title, description }
      const filter = { type: categoryName }
      const list = { title, description, filter, sizes: imageSizes.card }
      return describeList(list, reads, cursorOf(search))
    },
  },
  {
    path: screens.listing.path,
    module: 'pages/Listing.tsx',
    describe: async ({ listingId = '' }, _search, { listings, hiddenListing }) => {
      const read = idPattern.test(listingId)
        ? await listings.readOne(listingId)
        : { value: undefined, version: undefined }
      // Hidden: its owner and the moderators see it (never cached: it has no version).
      const hidden = !read.value && idPattern.test(listingId) && (await hiddenListing?.(listingId))
      const { value: listing, version } = hidden ? { value: hidden, version: undefined } : read
      if (!listing) {
        return {
          title: notFoundTitle,
          notFound: true,
          gone: idPattern.test(listingId) && (await listings.wasDeleted(listingId)),
          pageData: { value: { listing: { id: listingId, value: null } }, version },
        }
      }
      const cover = listing.imageUrls[0]
      return {
        title: listing.name,
        description: describeListing(listing),
        data: listingPath(listing.id),
        pageData: { value: { listing: { id: listing.id, value: listing } }, version },
        image: cover ? { url: cover, sizes: imageSizes.photo } : undefined,
        listing,
        canonical: listingPagePath(listing),
      }
    },
  },
  {
    path: screens.search.path,
    module: 'pages/Search.tsx',
    describe: async (_, search, reads) => {
      const { filter, sort } = readListingSearch(search)
      const description = 'Find a home by place, price, rooms and more, on a list and a map.'
      const cursor = cursorOf(search)
      const list = await describeList(
        { title: screens.search.title, description, filter, sort, sizes: imageSizes.card },
        reads,
        cursor,
      )
      return { ...list, canonical: withCursor(canonicalSearchPath(search), cursor) }
    },
  },
  {
    path: screens.contact.path,
    module: 'pages/Contact.tsx',
    describe: ({ landlordId = '' }, search, reads) =>
      describeContact(landlordId, search.get('listingId') ?? '', reads),
  },
  {
    path: screens.landlord.path,
    module: 'pages/Landlord.tsx',
    describe: ({ userId = '' }, search, reads) => describeLandlord(userId, search, reads),
  },
  renderedFormRoute(screens.signIn, 'pages/SignIn.tsx', { visitorsOnly: true }),
  renderedFormRoute(screens.signUp, 'pages/SignUp.tsx', { visitorsOnly: true }),
  renderedFormRoute(screens.forgotPassword, 'pages/ForgotPassword.tsx'),
  titledRoute(screens.resetPassword, 'pages/ResetPassword.tsx', { noindex: true }),
  titledRoute(screens.oauthPopup, 'pages/OAuthPopup.tsx', { noindex: true }),
  titledRoute(screens.profile, 'pages/Profile.tsx', { noindex: true }),
  titledRoute(screens.saved, 'pages/Saved.tsx', { noindex: true }),
  titledRoute(screens.createListing, 'pages/CreateListing.tsx', { noindex: true }),
  titledRoute(screens.editListing, 'pages/EditListing.tsx', { noindex: true }),
  titledRoute(screens.messages, 'pages/Messages.tsx', { noindex: true }),
  titledRoute(screens.conversation, 'pages/Conversation.tsx', { noindex: true }),
  titledRoute(screens.viewings, 'pages/Viewings.tsx', { noindex: true }),
  {
    path: screens.moderation.path,
    module: 'pages/Moderation.tsx',
    // For moderators only, read for each (it has no version: never cached); 404 for anyone else.
    describe: async (_params, _search, { moderationList }) => {
      const list = await moderationList?.()
      if (!list) return { title: notFoundTitle, notFound: true }
      return {
        title: screens.moderation.title,
        noindex: true,
        pageData: { value: { moderation: list }, version: undefined },
      }
    },
  },
  {
    path: screens.listingStats.path,
    module: 'pages/ListingStats.tsx',
    describe: ({ listingId = '' }, _search, reads) => describeListingStats(listingId, reads),
  },
  {
    path: screens.privacy.path,
    module: 'pages/Privacy.tsx',
    // The same for everyone, and short: rendered each time, never kept.
    describe: () => ({
      title: screens.privacy.title,
      description: 'What House Marketplace counts and keeps about you, and what it never does.',
      pageData: { value: {}, version: undefined },
    }),
  },
]

const routePatterns = routes.map((route) => routePattern(route.path))

const notFoundRoute: PageRoute = {
  path: '*',
  module: 'pages/NotFound.tsx',
  describe: () => ({ title: notFoundTitle, notFound: true }),
}

/**
 * The description's first sentence when the owner wrote one; else 'For rent in Toronto, Canada:
 * 3 Bedrooms, 2 Bathrooms, $1,500 / Month.'
 */
export function describeListing(listing: Listing): string {
  if (listing.description) return firstSentence(listing.description)
  const rent = listing.type === 'rent'
  const price = `$${formatPrice(effectivePrice(listing))}${rent ? ' / Month' : ''}`
  const rooms = `${formatBedrooms(listing.bedrooms)}, ${formatBathrooms(listing.bathrooms)}`
  return `${rent ? 'For rent' : 'For sale'} in ${listing.location}: ${rooms}, ${price}.`
}

export function createPageHeads(
  options: PageReads & {
    publicUrl: string
    chunks: PageChunkLookup
  },
) {
  const { db, media, listings, users, now, publicUrl, chunks } = options
  const reads: PageReads = { db, media, listings, users, now }
  const absolute = (url: string) => new URL(url, `${publicUrl}/`).toString()

  /**
   * The head of the screen at `path` (already decoded by the router) with `search` as its query,
   * the response's status, and the data the screen is rendered from when the server renders it.
   */
  return async function pageHead(
    path: string,
    search = new URLSearchParams(),
    viewer: PageViewer = {},
  ): Promise<PageHead> {
    const normalized = path.replace(/\/+$/, '') || '/'
    let route = notFoundRoute
    let params: RouteParams = {}
    for (const [index, pattern] of routePatterns.entries()) {
      const match = pattern.exec(normalized)
      if (match) {
        route = routes[index]!
        params = match.groups ?? {}
        break
      }
    }

    let meta: PageMeta
    try {
      meta = await route.describe(params, search, { ...reads, ...viewer })
    } catch {
      // The database is away: the page still loads, and its own reads report the failure.
      meta = { title: siteName }
    }

    const title = meta.title === siteName ? siteName : documentTitle(meta.title)
    const description = meta.description ?? siteDescription
    const lines = [
      `<title>${escapeHtml(title)}</title>`,
      metaTag('name', 'description', description),
    ]
    // A list's later page names itself, not the first page: they do not hold the same listings.
    const cursor = meta.pageData?.value.listingPages?.cursor
    const canonical = absolute(meta.canonical ?? withCursor(normalized, cursor))
    if (!meta.notFound) lines.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`)
    if (meta.listing) {
      const { listing } = meta
      const url = absolute(listingPagePath(listing))
      lines.push(...previewCard({ title, description, url, cover: listing }, absolute))
      lines.push(structuredDataScript(listingStructuredData(listing, publicUrl)))
    }
    if (meta.listings) {
      // A list's card shows its first listing's cover, as the page does.
      const cover = meta.listings.find((listing) => listing.imageUrls.length > 0)
      lines.push(...previewCard({ title, description, url: canonical, cover }, absolute))
      const complete = meta.listComplete ?? false
      lines.push(structuredDataScript(listStructuredData(meta.listings, publicUrl, { complete })))
    }
    // A sold or rented home keeps its page for those who saved its link, not for search engines.
    if (meta.noindex || (meta.listing && meta.listing.status !== 'active')) {
      lines.push(metaTag('name', 'robots', 'noindex'))
    }
    if (meta.image) {
      const { url, sizes } = meta.image
      lines.push(
        `<link rel="preload" as="image" href="${escapeHtml(imageVariantUrl(url, 400))}"` +
          ` imagesrcset="${escapeHtml(imageSrcSet(url))}" imagesizes="${escapeHtml(sizes)}"` +
          ` fetchpriority="high">`,
      )
    }
    const { scripts, styles } = chunks(route.module)
    for (const href of styles) lines.push(`<link rel="stylesheet" href="${escapeHtml(href)}">`)
    for (const href of scripts) lines.push(`<link rel="modulepreload" href="${escapeHtml(href)}">`)

    return {
      status: meta.badCursor ? 400 : meta.gone ? 410 : meta.notFound ? 404 : 200,
      html: lines.join('\n    '),
      pageData: meta.pageData?.value,
      version: meta.pageData?.version,
      visitorsOnly: meta.visitorsOnly,
      dataPreload:
        meta.data && `<link rel="preload" as="fetch" href="${escapeHtml(meta.data)}" crossorigin>`,
    }
  }
}

/** The Open Graph and Twitter tags of a page; its image is `cover`'s first photo, if any. */
function previewCard(
  card: { title: string; description: string; url: string; cover?: Listing },
  absolute: (url: string) => string,
): string[] {
  const { title, description, url, cover } = card
  const image = cover?.imageUrls[0]
  const lines = [
    metaTag('property', 'og:type', 'website'),
    metaTag('property', 'og:site_name', siteName),
    metaTag('property', 'og:title', title),
    metaTag('property', 'og:description', description),
    metaTag('property', 'og:url', url),
    metaTag('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    metaTag('name', 'twitter:title', title),
    metaTag('name', 'twitter:description', description),
  ]
  if (image) {
    const tags = shareImageTags(image, cover.name, absolute)
    lines.push(...tags.map(([attribute, key, content]) => metaTag(attribute, key, content)))
  }
  return lines
}

function metaTag(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`
}
