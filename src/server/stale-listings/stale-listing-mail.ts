// The 'Still available?' mail: the listing, and two one-click links, to keep it listed or to mark
// it sold (rented). In the text part each link is on a labelled line of its own.
import { closedStatusOf, type Listing } from '../../shared/listing.js'
import { escapeHtml } from '../lib/escape.js'
import { mailButton, mailLink, mailPage } from '../mail/mail-layout.js'
import { listingUrl } from '../mail/mail-links.js'
import { oneLine } from '../mail/mail-text.js'
import type { Mail } from '../mail/mailer.js'

export const keepListedLabel = 'Yes, keep it listed'
export const markClosedLabel = (listing: Pick<Listing, 'type'>) =>
  `Mark as ${closedStatusOf[listing.type]}`

export function staleListingMail(options: {
  listing: Pick<Listing, 'id' | 'type' | 'name'>
  to: string
  publicUrl: string
  keepUrl: string
  closeUrl: string
  /** days the owner has to reply before the listing expires */
  daysToReply: number
}): Mail {
  const { listing, to, publicUrl, keepUrl, closeUrl, daysToReply } = options
  const name = oneLine(listing.name, 100)
  const subject = `Still available? ${name}`
  const news = `Is your home "${name}" still available? Nobody has confirmed or edited the listing for 60 days.`
  const after = `If you do not reply within ${daysToReply} days, the listing leaves search as expired; you can relist it from your profile.`
  const why = 'You get this mail because you published this listing in House Marketplace.'
  const close = markClosedLabel(listing)
  const link = listingUrl(publicUrl, listing)
  const text = [
    news,
    '',
    `${keepListedLabel}: ${keepUrl}`,
    `${close}: ${closeUrl}`,
    '',
    after,
    `Your listing: ${link}`,
    '',
    why,
    '',
    'House Marketplace',
  ].join('\n')
  const html = mailPage({
    title: subject,
    manageLine: `Your listings are in ${mailLink(`${publicUrl}/profile`, 'your profile')}.`,
    to,
    body: `<p style="margin:0 0 12px">${escapeHtml(news)}</p>
${mailButton(keepUrl, keepListedLabel)}
<p style="margin:16px 0 12px">${mailLink(closeUrl, close)}</p>
<p style="margin:0 0 12px">${escapeHtml(after)}</p>
<p style="margin:0">${mailLink(link, 'See your listing')}</p>`,
    footer: `<p style="margin:0">${escapeHtml(why)}</p>`,
  })
  return { to, subject, text, html, link: keepUrl }
}
