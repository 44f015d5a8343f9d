// A search's first page as plain HTML, for a reader without scripts when the server leaves the
// page to the browser (a search's first request, docs/decisions/021-server-rendering.md). It sits
// beside the root, not in it, so the browser renders the root from nothing and hydrates nothing.
import { formatPrice } from '../../shared/format.js'
import { effectivePrice, type Listing, type ListingPage } from '../../shared/listing.js'
import { listingPagePath, screens } from '../../shared/screens.js'
import { escapeHtml } from '../lib/escape.js'
import { withCursor } from './page-address.js'

function resultLine(listing: Listing): string {
  const price = `$${formatPrice(effectivePrice(listing))}${listing.type === 'rent' ? ' / Month' : ''}`
  const link = `<a href="${escapeHtml(listingPagePath(listing))}">${escapeHtml(listing.name)}</a>`
  return `<li>${link} · ${price} · ${escapeHtml(listing.location)}</li>`
}

/** The results of the search at `address`, and a 'Load More' link to its next page. */
export function searchResultsWithoutScripts(page: ListingPage, address: string): string {
  const results =
    page.items.length > 0
      ? `<ul>${page.items.map(resultLine).join('')}</ul>`
      : '<p>No homes match this search</p>'
  const next = page.nextCursor
    ? `<a class="load-more" href="${escapeHtml(withCursor(address, page.nextCursor))}">Load More</a>`
    : ''
  return `<noscript><main class="page"><h1 class="page-header">${screens.search.title}</h1>${results}${next}</main></noscript>`
}
