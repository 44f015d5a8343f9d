// The links of the 'Still available?' mail, which work without signing in (the token names the
// listing and the mail, signed). GET shows the choice's one button; POST, which the button sends,
// does it: mail scanners open every link of a mail and must not mark a home sold.
import { Hono, type Context } from 'hono'
import { closedStatusOf } from '../../shared/listing.js'
import { listingPagePath } from '../../shared/screens.js'
import { escapeHtml } from '../lib/escape.js'
import { linkPage } from '../mail/link-page.js'
import { keepListedLabel, markClosedLabel } from './stale-listing-mail.js'
import {
  staleListingChoices,
  type StaleListingChoice,
  type StaleListingLinks,
} from './stale-listing-links.js'
import type { StaleListingOutcome, StaleListings } from './stale-listings.js'

export function staleListingsRoutes(deps: {
  followLink: StaleListings['followLink']
  links: StaleListingLinks
  publicUrl: string
}) {
  const { followLink, links, publicUrl } = deps

  const page = (c: Context, status: 200 | 400 | 404 | 409, title: string, body: string) =>
    linkPage(c, { status, title, body, publicUrl })

  /** The page of what the link did, or of the question it asks (`write` false). */
  function outcomePage(c: Context, choice: StaleListingChoice, outcome: StaleListingOutcome) {
    if (outcome.result === 'not-found') {
      return page(c, 404, 'Listing not found', '<p>This listing was deleted.</p>')
    }
    if (!('listing' in outcome)) {
      return page(
        c,
        400,
        'This link is out of date',
        '<p>A newer mail asked about this listing: use the links in that one.</p>',
      )
    }
    const { listing } = outcome
    const name = escapeHtml(`"${listing.name}"`)
    const link = `<p><a href="${escapeHtml(publicUrl + listingPagePath(listing))}">See your listing</a></p>`
    const closed = closedStatusOf[listing.type]
    if (outcome.result === 'unavailable') {
      const why =
        listing.status === 'hidden'
          ? 'A moderator hid it: its page says why.'
          : `It is ${listing.status}: put it back on the market from your profile first.`
      return page(c, 409, 'This listing cannot be kept listed', `<p>${name}: ${why}</p>${link}`)
    }
    if (choice === 'keep') {
      if (outcome.result === 'ready') {
        return page(
          c,
          200,
          'Is it still available?',
          `<p>Keep ${name} listed for 60 more days.</p><form method="post"><button type="submit">${keepListedLabel}</button></form>${link}`,
        )
      }
      return page(
        c,
        200,
        'It stays listed',
        `<p>${name} is on the market. We will ask again in 60 days.</p>${link}`,
      )
    }
    if (outcome.result === 'ready') {
      return page(
        c,
        200,
        `Was it ${closed}?`,
        `<p>${name} leaves search and is marked ${closed}; people who saved it are told.</p><form method="post"><button type="submit">${escapeHtml(markClosedLabel(listing))}</button></form>${link}`,
      )
    }
    return page(
      c,
      200,
      `Marked as ${closed}`,
      `<p>${name} is ${closed}. Congratulations!</p>${link}`,
    )
  }

  async function follow(c: Context, write: boolean) {
    const choice = c.req.param('choice') as StaleListingChoice
    const link = links.verify(c.req.param('token') ?? '')
    if (!link || !staleListingChoices.includes(choice)) {
      return page(c, 400, 'This link is not valid', '<p>Check that the whole link was opened.</p>')
    }
    return outcomePage(c, choice, await followLink(link, choice, write))
  }

  return new Hono()
    .get('/:token/:choice', (c) => follow(c, false))
    .post('/:token/:choice', (c) => follow(c, true))
}
