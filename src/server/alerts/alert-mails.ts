// The alert mails, plain text and HTML: a saved search's new homes, a saved home's price cut, a
// saved home no longer available. Every link is absolute (PUBLIC_URL). In the text part each value
// a user wrote is on one line after a label, and each of our links on a labelled line of its own.
import { formatBathrooms, formatBedrooms, formatCount, formatPrice } from '../../shared/format.js'
import { effectivePrice, type Listing } from '../../shared/listing.js'
import { escapeHtml } from '../lib/escape.js'
import {
  mailButton,
  mailColours,
  mailLink,
  mailPage,
  profileManageLine,
} from '../mail/mail-layout.js'
import { listingUrl } from '../mail/mail-links.js'
import { oneLine } from '../mail/mail-text.js'
import type { Mail } from '../mail/mailer.js'
import { unsubscribeHeaders } from '../mail/unsubscribe-headers.js'
import { shareImagePath } from '../media/share-image.js'

/** A mail names this many listings at most; the search's link shows the rest. */
export const listingsPerMail = 10

export function searchUrl(publicUrl: string, query: Record<string, string>): string {
  const parameters = new URLSearchParams(query).toString()
  return `${publicUrl}/search${parameters ? `?${parameters}` : ''}`
}

/**
 * The cover as a JPEG of our own origin (the share image, 1200×630): mail programs such as Outlook
 * on Windows show no WebP, which the media store's variants are.
 */
function coverUrl(publicUrl: string, listing: Listing): string | undefined {
  const cover = listing.imageUrls[0]
  const path = cover && shareImagePath(cover)
  return path && `${publicUrl}${path}`
}

/** '$1,500 / Month' for a rental, '$250,000' for a sale: the price a buyer pays. */
function priceText(listing: Listing, price = effectivePrice(listing)): string {
  return `$${formatPrice(price)}${listing.type === 'rent' ? ' / Month' : ''}`
}

/** A listing's name and address as a mail shows them: one line each, of a sensible length. */
function listingWords(listing: Listing) {
  return { name: oneLine(listing.name, 100), address: oneLine(listing.location, 160) }
}

/** '2 Bedrooms · 1 Bathroom · Parking Spot', as the listing page lists them. */
function detailsText(listing: Listing): string {
  return [
    formatBedrooms(listing.bedrooms),
    formatBathrooms(listing.bathrooms),
    ...(listing.parking ? ['Parking Spot'] : []),
    ...(listing.furnished ? ['Furnished'] : []),
  ].join(' · ')
}

function listingHtml(publicUrl: string, listing: Listing, price = priceText(listing)): string {
  const url = listingUrl(publicUrl, listing)
  const { name, address } = listingWords(listing)
  const cover = coverUrl(publicUrl, listing)
  const image = cover
    ? `<a href="${escapeHtml(url)}"><img class="cover" src="${escapeHtml(cover)}" alt="${escapeHtml(name)}" width="280" height="147" style="display:block;border:0;border-radius:8px"></a>`
    : ''
  return `<tr><td style="padding:12px 0;border-top:1px solid #e5e7eb">${image}
<p style="margin:8px 0 4px;font-size:18px">${mailLink(url, name)}</p>
<p style="margin:0"><strong>${escapeHtml(price)}</strong></p>
<p style="margin:0">${escapeHtml(detailsText(listing))}</p>
<p style="margin:0;color:${mailColours.muted}">${escapeHtml(address)}</p></td></tr>`
}

function listingText(publicUrl: string, listing: Listing, price = priceText(listing)): string {
  const { name, address } = listingWords(listing)
  return [
    `* ${name}`,
    `  Price: ${price}`,
    `  ${detailsText(listing)}`,
    `  Address: ${address}`,
    `  Link: ${listingUrl(publicUrl, listing)}`,
  ].join('\n')
}

function listingsHtml(publicUrl: string, listings: Listing[], price?: string): string {
  const rows = listings.map((listing) => listingHtml(publicUrl, listing, price)).join('\n')
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table>`
}

export interface SavedSearchAlert {
  to: string
  publicUrl: string
  search: { name: string; query: Record<string, string>; alerts: 'instant' | 'daily' }
  /** the newest matches, `listingsPerMail` at most: these are named */
  listings: Listing[]
  /** how many matched in all; beyond the named ones the mail says 'and N more' */
  total: number
  unsubscribeUrl: string
}

export function savedSearchAlertMail(alert: SavedSearchAlert): Mail {
  const { publicUrl, search, total, unsubscribeUrl } = alert
  const shown = alert.listings.slice(0, listingsPerMail)
  const more = total - shown.length
  const link = searchUrl(publicUrl, search.query)
  const searchName = `"${oneLine(search.name, 100)}"`
  const homes = formatCount(total, 'new home', 'new homes')
  const first = shown[0]
  const subject =
    search.alerts === 'daily'
      ? `Today's homes for ${searchName}: ${homes}`
      : total === 1 && first
        ? `New home for ${searchName}: ${listingWords(first).name}`
        : `${homes} for ${searchName}`
  const news = `${homes} ${total === 1 ? 'matches' : 'match'} your saved search ${searchName}:`
  const why =
    search.alerts === 'daily'
      ? `You get one mail a day because you saved the search ${searchName} with daily alerts: it names the homes that matched since the last one.`
      : `You get this mail because you saved the search ${searchName} with instant alerts: a mail comes a minute after a new home matches it.`
  const text = [
    news,
    ...shown.map((listing) => `\n${listingText(publicUrl, listing)}`),
    '',
    ...(more > 0 ? [`And ${more} more.`] : []),
    `See every result: ${link}`,
    '',
    why,
    `Turn off these alerts: ${unsubscribeUrl}`,
    '',
    'House Marketplace',
  ].join('\n')
  const html = mailPage({
    title: subject,
    manageLine: profileManageLine(`${publicUrl}/profile`),
    to: alert.to,
    body: `<p style="margin:0 0 8px">${escapeHtml(news)}</p>
${listingsHtml(publicUrl, shown)}
${more > 0 ? `<p style="margin:12px 0 0">And ${more} more.</p>` : ''}
${
  // One new home: seeing it is what the mail is for.
  first && shown.length === 1
    ? `${mailButton(listingUrl(publicUrl, first), 'View this home')}
<p style="margin:12px 0 0">${mailLink(link, 'See every result')}</p>`
    : mailButton(link, 'See every result')
}`,
    footer: `<p style="margin:0">${escapeHtml(why)} ${mailLink(unsubscribeUrl, 'Turn off these alerts')}</p>`,
  })
  return { to: alert.to, subject, text, html, link, headers: unsubscribeHeaders(unsubscribeUrl) }
}

export interface SavedHomeMail {
  to: string
  publicUrl: string
  listing: Listing
  /** the one-click link that turns this kind of mail off for all of the person's saved homes */
  unsubscribeUrl: string
}

/**
 * A mail about one saved home. Removing the home from the saved homes ends mails about it; the
 * unsubscribe link ends this kind of mail for every saved home.
 */
function savedHomeMail(
  options: SavedHomeMail & {
    subject: string
    news: { text: string; html: string }
    /** what the unsubscribe link turns off, as the mail names it */
    kind: string
  },
): Mail {
  const { publicUrl, listing, news, unsubscribeUrl, kind } = options
  const saved = `${publicUrl}/saved`
  const why =
    'You get this mail because you saved this home: we tell you when its price goes down and when it is sold or rented.'
  return {
    to: options.to,
    subject: options.subject,
    link: listingUrl(publicUrl, listing),
    text: [
      news.text,
      '',
      listingText(publicUrl, listing),
      '',
      `${why} Remove it from your saved homes to get no more mails about it: ${saved}`,
      `Turn off ${kind} mails for all your saved homes: ${unsubscribeUrl}`,
      '',
      'House Marketplace',
    ].join('\n'),
    html: mailPage({
      title: options.subject,
      manageLine: profileManageLine(`${publicUrl}/profile`),
      to: options.to,
      body: `<p style="margin:0 0 8px">${news.html}</p>
${listingsHtml(publicUrl, [listing])}
${mailButton(listingUrl(publicUrl, listing), 'View this home')}`,
      footer: `<p style="margin:0">${why} ${mailLink(saved, 'Remove it from your saved homes')} to get no more mails about it.</p>
<p style="margin:8px 0 0">${mailLink(unsubscribeUrl, `Turn off ${kind} mails for all your saved homes`)}</p>`,
    }),
    headers: unsubscribeHeaders(unsubscribeUrl),
  }
}

export function priceCutMail(options: SavedHomeMail & { previousPrice: number }): Mail {
  const { listing } = options
  const before = priceText(listing, options.previousPrice)
  const news = `Price cut: a home you saved now costs ${priceText(listing)}`
  return savedHomeMail({
    ...options,
    subject: `Price cut: ${listingWords(listing).name}`,
    kind: 'price-cut',
    news: {
      text: `${news} (was ${before}).`,
      html: `${escapeHtml(news)} (was <s>${escapeHtml(before)}</s>).`,
    },
  })
}

export function listingClosedMail(options: SavedHomeMail): Mail {
  const { listing } = options
  const news = `No longer available: a home you saved has been ${listing.status === 'rented' ? 'rented' : 'sold'}.`
  return savedHomeMail({
    ...options,
    subject: `No longer available: ${listingWords(listing).name}`,
    kind: "'No longer available'",
    news: { text: news, html: escapeHtml(news) },
  })
}
