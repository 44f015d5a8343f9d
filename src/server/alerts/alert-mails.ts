// The alert mails, plain text and HTML: a saved search's new homes, a saved home's price cut, a
// saved home no longer available. Every link is absolute (PUBLIC_URL, or the media store's own).
import { formatPrice } from '../../shared/format.js'
import { effectivePrice, type Listing } from '../../shared/listing.js'
import { imageVariantUrl } from '../../shared/media.js'
import { escapeHtml } from '../http/escape.js'
import type { Mail } from '../mail/mailer.js'

/** A mail names this many listings at most; the search's link shows the rest. */
export const listingsPerMail = 10

export function listingUrl(publicUrl: string, listing: Pick<Listing, 'type' | 'id'>): string {
  return `${publicUrl}/category/${listing.type}/${encodeURIComponent(listing.id)}`
}

export function searchUrl(publicUrl: string, query: Record<string, string>): string {
  const parameters = new URLSearchParams(query).toString()
  return `${publicUrl}/search${parameters ? `?${parameters}` : ''}`
}

/** The cover's card-sized variant; the disk store's URLs are paths of our own origin. */
function coverUrl(publicUrl: string, listing: Listing): string | undefined {
  const cover = listing.imageUrls[0]
  return cover && new URL(imageVariantUrl(cover, 400), `${publicUrl}/`).toString()
}

/** '$1,500 / Month' for a rental, '$250,000' for a sale: the price a buyer pays. */
function priceText(listing: Listing, price = effectivePrice(listing)): string {
  return `$${formatPrice(price)}${listing.type === 'rent' ? ' / Month' : ''}`
}

const footer = {
  text: 'House Marketplace',
  html: '<p style="color:#6b7280">House Marketplace</p>',
}

function listingHtml(publicUrl: string, listing: Listing, price = priceText(listing)): string {
  const url = escapeHtml(listingUrl(publicUrl, listing))
  const cover = coverUrl(publicUrl, listing)
  const image = cover
    ? `<a href="${url}"><img src="${escapeHtml(cover)}" alt="" width="200" style="display:block;border-radius:8px"></a>`
    : ''
  return `<tr><td style="padding:8px 0">${image}
<p style="margin:4px 0"><a href="${url}"><strong>${escapeHtml(listing.name)}</strong></a></p>
<p style="margin:4px 0">${escapeHtml(price)} · ${escapeHtml(listing.location)}</p></td></tr>`
}

function listingText(publicUrl: string, listing: Listing, price = priceText(listing)): string {
  return `${listing.name} - ${price}\n${listing.location}\n${listingUrl(publicUrl, listing)}`
}

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"></head>
<body style="font-family:sans-serif;color:#111827">${body}
${footer.html}</body></html>`
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
  const homes = total === 1 ? '1 new home' : `${total} new homes`
  const subject =
    search.alerts === 'daily'
      ? `Today's homes for "${search.name}": ${homes}`
      : total === 1 && shown[0]
        ? `New home for "${search.name}": ${shown[0].name}`
        : `${homes} for "${search.name}"`
  const why =
    search.alerts === 'daily'
      ? `You get one mail a day because you saved the search "${search.name}" with daily alerts.`
      : `You get this mail because you saved the search "${search.name}" with instant alerts.`
  const text = [
    `${homes} match your saved search "${search.name}":`,
    ...shown.map((listing) => `\n${listingText(publicUrl, listing)}`),
    ...(more > 0 ? [`\nand ${more} more: ${link}`] : []),
    '',
    `See every result: ${link}`,
    '',
    why,
    `Stop these alerts: ${unsubscribeUrl}`,
    '',
    footer.text,
  ].join('\n')
  const html = page(`<p>${escapeHtml(`${homes} match your saved search "${search.name}":`)}</p>
<table role="presentation" cellpadding="0" cellspacing="0">${shown.map((listing) => listingHtml(publicUrl, listing)).join('\n')}</table>
${more > 0 ? `<p><a href="${escapeHtml(link)}">and ${more} more</a></p>` : ''}
<p><a href="${escapeHtml(link)}">See every result</a></p>
<p style="color:#6b7280">${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}">Stop these alerts</a></p>`)
  return {
    to: alert.to,
    subject,
    text,
    html,
    link,
    // RFC 8058: mail programs show their own unsubscribe button, which POSTs to the link.
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/**
 * A mail about one saved home. It has no list to leave: the mail says that removing the home from
 * the saved homes (the heart on its page, or /saved) ends these mails.
 */
function savedHomeMail(options: {
  to: string
  publicUrl: string
  listing: Listing
  subject: string
  news: { text: string; html: string }
}): Mail {
  const { publicUrl, listing, news } = options
  const saved = `${publicUrl}/saved`
  return {
    to: options.to,
    subject: options.subject,
    link: listingUrl(publicUrl, listing),
    text: [
      news.text,
      '',
      listingText(publicUrl, listing),
      '',
      `You get this mail because you saved this home. Remove it from your saved homes to stop mails about it: ${saved}`,
      '',
      footer.text,
    ].join('\n'),
    html: page(`<p>${news.html}</p>
<table role="presentation" cellpadding="0" cellspacing="0">${listingHtml(publicUrl, listing)}</table>
<p style="color:#6b7280">You get this mail because you saved this home. <a href="${escapeHtml(saved)}">Remove it from your saved homes</a> to stop mails about it.</p>`),
  }
}

export function priceCutMail(options: {
  to: string
  publicUrl: string
  listing: Listing
  previousPrice: number
}): Mail {
  const { listing } = options
  const before = priceText(listing, options.previousPrice)
  const news = `Price cut: a home you saved now costs ${priceText(listing)}`
  return savedHomeMail({
    ...options,
    subject: `Price cut: ${listing.name}`,
    news: {
      text: `${news} (was ${before}).`,
      html: `${escapeHtml(news)} (was <s>${escapeHtml(before)}</s>).`,
    },
  })
}

export function listingClosedMail(options: {
  to: string
  publicUrl: string
  listing: Listing
}): Mail {
  const { listing } = options
  const news = `No longer available: a home you saved has been ${listing.status === 'rented' ? 'rented' : 'sold'}.`
  return savedHomeMail({
    ...options,
    subject: `No longer available: ${listing.name}`,
    news: { text: news, html: escapeHtml(news) },
  })
}
