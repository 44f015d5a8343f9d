// The mail to a listing's owner when a moderator (or the reports of several people) hid it, and
// when it is shown again. The job reads the listing and the owner's address when it runs: a
// listing deleted meanwhile needs no mail, and only a verified address gets one.
import type { Listing } from '../../shared/listing.js'
import type { Db } from '../db/database.js'
import type { JobHandlers } from '../jobs/job-queue.js'
import { escapeHtml } from '../lib/escape.js'
import { mailButton, mailPage } from '../mail/mail-layout.js'
import { listingUrl } from '../mail/mail-links.js'
import { oneLine } from '../mail/mail-text.js'
import type { Mail, Mailer } from '../mail/mailer.js'
import { createListingQueries } from '../listings/listings.queries.js'
import type { MediaStore } from '../media/media-store.js'
import { userEmail } from '../users/users.queries.js'

export const hiddenListingMailKind = 'hidden-listing-mail'

export type HiddenListingMailJob =
  { mail: 'hidden'; listingId: string; reason: string } | { mail: 'shown'; listingId: string }

export function hiddenListingMail(options: {
  job: HiddenListingMailJob
  listing: Pick<Listing, 'id' | 'type' | 'name'>
  to: string
  publicUrl: string
}): Mail {
  const { job, listing, to, publicUrl } = options
  const name = oneLine(listing.name, 100)
  const link = listingUrl(publicUrl, listing)
  const hidden = job.mail === 'hidden'
  const subject = hidden
    ? `Your listing is hidden: ${name}`
    : `Your listing is shown again: ${name}`
  const lines = hidden
    ? [
        `A moderator hid your listing "${name}": nobody but you sees it now.`,
        `Hidden by a moderator: ${oneLine(job.reason, 500)}`,
        'If you think this is a mistake, edit the listing to put it right.',
      ]
    : [`Your listing "${name}" is shown again, in search and on its page.`]
  const why = 'You get this mail because you published this listing in House Marketplace.'
  const text = [...lines, '', `Your listing: ${link}`, '', why, '', 'House Marketplace'].join('\n')
  const html = mailPage({
    title: subject,
    manageLine: 'Your listings are in your profile.',
    to,
    body: `${lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('\n')}
${mailButton(link, 'See your listing')}`,
    footer: `<p style="margin:0">${escapeHtml(why)}</p>`,
  })
  return { to, subject, text, html, link }
}

export function createHiddenListingMailJobs(deps: {
  db: Db
  media: MediaStore
  mailer: Mailer
  publicUrl: string
}): JobHandlers {
  const { db, media, mailer, publicUrl } = deps
  const listings = createListingQueries(db, media)
  return {
    async [hiddenListingMailKind](payload) {
      const job = payload as HiddenListingMailJob
      const listing = await listings.get(job.listingId, { withHidden: true })
      if (!listing) return
      const owner = await userEmail(db, listing.userRef)
      if (!owner?.verified) return
      await mailer.send(hiddenListingMail({ job, listing, to: owner.email, publicUrl }))
    },
  }
}
