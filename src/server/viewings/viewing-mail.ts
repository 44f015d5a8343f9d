// The mails about a viewing, plain text and HTML, each with the viewing as an iCalendar
// invitation: booked (to both parties), cancelled (to both), and the booker's reminder the day
// before. Each party reads their own version. In the text part each value a user wrote is on one
// line, and each of our links on a labelled line of its own.
import { escapeHtml } from '../lib/escape.js'
import { listingUrl } from '../mail/mail-links.js'
import { mailButton, mailLink, mailPage } from '../mail/mail-layout.js'
import { oneLine } from '../mail/mail-text.js'
import type { Mail } from '../mail/mailer.js'
import { formatViewingTime } from '../../shared/viewing-time.js'
import { viewingCalendar } from './viewing-calendar.js'
import type { ViewingMailJob } from './viewing-mail-job.js'

export interface ViewingMailOptions {
  job: ViewingMailJob
  to: string
  publicUrl: string
  /** our sender address, which stands for the other party in the invitation */
  senderAddress: string
  now: number
}

interface Words {
  subject: string
  /** the mail's first sentence */
  news: string
  /** why the mail came, for the footer */
  why: string
}

/** What the mail says, for its kind and its reader. */
function words(job: ViewingMailJob): Words {
  const { event } = job
  const name = oneLine(event.listing.name, 100)
  const time = formatViewingTime(event.start, event.minutes, event.timeZone)
  const booker = oneLine(event.booker.name, 60)
  const owner = oneLine(event.owner.name, 60)
  const forBooker = job.recipientId === event.booker.id
  const why = forBooker
    ? 'You get this mail because you booked a viewing in House Marketplace.'
    : 'You get this mail because a visitor booked a viewing of your home in House Marketplace.'
  if (job.mail === 'booked') {
    return {
      subject: `Viewing booked: ${name} — ${time}`,
      news: forBooker
        ? `You booked a viewing of "${name}" with ${owner}: ${time}.`
        : `${booker} booked a viewing of your home "${name}": ${time}.`,
      why,
    }
  }
  if (job.mail === 'reminder') {
    return {
      subject: `Tomorrow: viewing of ${name} — ${time}`,
      news: `Tomorrow you visit "${name}" with ${owner}: ${time}.`,
      why,
    }
  }
  const subject = `Viewing cancelled: ${name} — ${time}`
  if (job.closedAs) {
    return {
      subject,
      news: forBooker
        ? `Your viewing of "${name}" on ${time} is cancelled: the home is now ${job.closedAs}.`
        : `${booker}'s viewing of your home "${name}" on ${time} is cancelled: you marked it ${job.closedAs}.`,
      why,
    }
  }
  const byBooker = job.cancelledBy === 'booker'
  const news = forBooker
    ? byBooker
      ? `You cancelled your viewing of "${name}": ${time}.`
      : `${owner} cancelled your viewing of "${name}": ${time}.`
    : byBooker
      ? `${booker} cancelled their viewing of your home "${name}": ${time}.`
      : `You cancelled ${booker}'s viewing of your home "${name}": ${time}.`
  return { subject, news, why }
}

export function viewingMail(options: ViewingMailOptions): Mail {
  const { job, to, publicUrl } = options
  const { event } = job
  const { subject, news, why } = words(job)
  const address = oneLine(event.listing.location, 160)
  const homeLink = listingUrl(publicUrl, event.listing)
  const viewingsLink = `${publicUrl}/viewings`
  const cancelled = job.mail === 'cancelled'
  const next = cancelled
    ? 'If the viewing is in your calendar, the attached cancellation removes it.'
    : job.recipientId === event.booker.id
      ? 'Cannot come? Cancel it in your viewings, so that someone else may book the time.'
      : 'Every booking of your homes is in your viewings.'
  const text = [
    news,
    `Address: ${address}`,
    '',
    next,
    '',
    `See the home: ${homeLink}`,
    `Your viewings: ${viewingsLink}`,
    '',
    why,
    '',
    'House Marketplace',
  ].join('\n')
  const html = mailPage({
    title: subject,
    manageLine: `Your viewings are in ${mailLink(viewingsLink, 'your viewings')}.`,
    to,
    body: `<p style="margin:0 0 12px">${escapeHtml(news)}</p>
<p style="margin:0 0 12px">Address: ${escapeHtml(address)}</p>
<p style="margin:0 0 12px">${escapeHtml(next)}</p>
<p style="margin:0">${mailLink(homeLink, 'See the home')}</p>
${mailButton(viewingsLink, 'Your viewings')}`,
    footer: `<p style="margin:0">${escapeHtml(why)}</p>`,
  })
  const method = cancelled ? 'CANCEL' : 'REQUEST'
  const content = viewingCalendar({
    event,
    method,
    publicUrl,
    reader: { id: job.recipientId, email: to },
    senderAddress: options.senderAddress,
    now: options.now,
  })
  // One Message-ID per mail and reader: sent again after a crash, it is the same message.
  const messageId = `<viewing-${job.mail}.${event.bookingId}.${job.recipientId}@${new URL(publicUrl).hostname}>`
  return { to, subject, text, html, link: viewingsLink, calendar: { method, content }, messageId }
}
