// The Monday mail of an owner's statistics: each listing that had any activity last week, with its
// counts and a link to its statistics screen. In the text part each listing is one line.
import { formatCount } from '../../shared/format.js'
import {
  listingStatsPath,
  statsCountLabels,
  statsCounts,
  type StatsCounts,
} from '../../shared/listing-stats.js'
import { escapeHtml } from '../lib/escape.js'
import { mailButton, mailColours, mailLink, mailPage } from '../mail/mail-layout.js'
import { oneLine } from '../mail/mail-text.js'
import type { Mail } from '../mail/mailer.js'
import { unsubscribeHeaders } from '../mail/unsubscribe-headers.js'

export interface WeekOfListing {
  id: string
  name: string
  totals: StatsCounts
}

/** 'Views 12, Saves 1, Messages 2': the counts that are not zero. */
export function describeCounts(totals: StatsCounts): string {
  return statsCounts
    .filter((count) => totals[count] > 0)
    .map((count) => `${statsCountLabels[count]} ${totals[count].toLocaleString('en')}`)
    .join(', ')
}

export function statsMail(options: {
  to: string
  publicUrl: string
  /** the week's first and last days, `YYYY-MM-DD` */
  from: string
  until: string
  listings: WeekOfListing[]
  unsubscribeUrl: string
}): Mail {
  const { to, publicUrl, listings, unsubscribeUrl } = options
  const week = `${shortDate(options.from)} to ${shortDate(options.until)}`
  const views = listings.reduce((sum, listing) => sum + listing.totals.views, 0)
  const subject = `Your listings last week: ${formatCount(views, 'view', 'views')}`
  const news = `How your listings did from ${week}:`
  const why =
    'You get this mail on Mondays because you have listings in House Marketplace that had visitors.'
  const statsUrl = (id: string) => `${publicUrl}${listingStatsPath(id)}`
  const text = [
    news,
    '',
    ...listings.map(
      (listing) =>
        `${oneLine(listing.name, 100)}: ${describeCounts(listing.totals)}. Statistics: ${statsUrl(listing.id)}`,
    ),
    '',
    why,
    `Turn off this mail: ${unsubscribeUrl}`,
    '',
    'House Marketplace',
  ].join('\n')
  const rows = listings
    .map(
      (
        listing,
      ) => `<tr><td style="padding:12px 16px;background:${mailColours.page};border-radius:12px">
<p style="margin:0 0 4px;font-weight:600">${escapeHtml(oneLine(listing.name, 100))}</p>
<p style="margin:0 0 4px">${escapeHtml(describeCounts(listing.totals))}</p>
${mailLink(statsUrl(listing.id), 'See the statistics')}
</td></tr>
<tr><td style="height:8px;font-size:0;line-height:0">&#160;</td></tr>`,
    )
    .join('\n')
  const html = mailPage({
    title: subject,
    manageLine: `Turn this mail off or on in ${mailLink(`${publicUrl}/profile`, 'your profile')}.`,
    to,
    body: `<p style="margin:0 0 12px">${escapeHtml(news)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table>
${mailButton(statsUrl(listings[0]!.id), 'Open your statistics')}`,
    footer: `<p style="margin:0">${escapeHtml(why)} ${mailLink(unsubscribeUrl, 'Turn off this mail')}</p>`,
  })
  return {
    to,
    subject,
    text,
    html,
    link: statsUrl(listings[0]!.id),
    headers: unsubscribeHeaders(unsubscribeUrl),
  }
}

/** '2026-11-23' → '23 Nov'. */
function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
}
