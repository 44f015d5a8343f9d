// Every kind of mail we send, as SpamAssassin's local rules score it (Debian's `spamassassin -t
// -L`, no network tests): under 2.0 each, so that mail filters keep them out of spam folders.
// Skipped, saying so, where spamassassin is not installed; `npm run mail-check` runs only this.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import type { Listing } from '../../shared/listing'
import { listingClosedMail, priceCutMail, savedSearchAlertMail } from '../alerts/alert-mails'
import { resetPasswordMail } from '../auth/reset-password-mail'
import { verificationMail } from '../auth/verification-mail'
import { messageMail } from '../conversations/message-mail'
import { viewingMail } from '../viewings/viewing-mail'
import type { ViewingEvent, ViewingMailJob } from '../viewings/viewing-mail-job'
import { renderMail, type Mail } from './mailer'

const installed = !spawnSync('spamassassin', ['--version']).error
const publicUrl = 'https://homes.example.com'
const to = 'saver@example.org'
const unsubscribeUrl = `${publicUrl}/unsubscribe/abc.${'x'.repeat(43)}`

/** Short words: the shortest HTML is the one image rules weigh most against. */
const home = (index: number): Listing => ({
  id: `home${index}`,
  type: 'rent',
  name: 'Flat',
  bedrooms: 1,
  bathrooms: 1,
  parking: false,
  furnished: false,
  location: 'Paris',
  offer: false,
  regularPrice: 900,
  imageUrls: [`/media/images/folder${index}/w1200.webp`],
  geolocation: { lat: 48.85, lng: 2.35 },
  timestamp: '2026-11-26T00:00:00.000Z',
  userRef: 'owner',
  status: 'active',
  badges: [],
})

const alert = (alerts: 'instant' | 'daily', total: number) =>
  savedSearchAlertMail({
    to,
    publicUrl,
    search: { name: 'A', query: { type: 'rent' }, alerts },
    listings: Array.from({ length: Math.min(total, 10) }, (_, index) => home(index)),
    total,
    unsubscribeUrl,
  })

const viewing: ViewingEvent = {
  bookingId: 'booking1',
  slotId: 'slot1',
  listing: { id: 'home1', type: 'rent', name: 'Flat', location: '5 Rue Oberkampf, Paris' },
  start: Date.parse('2030-12-14T09:00:00Z'),
  minutes: 30,
  timeZone: 'Europe/Paris',
  booker: { id: 'ana', name: 'Ana Asker' },
  owner: { id: 'olivia', name: 'Olivia Landlord' },
}
const viewingMailTo = (job: Omit<ViewingMailJob, 'event'>) =>
  viewingMail({
    job: { ...job, event: viewing },
    to,
    publicUrl,
    senderAddress: 'no-reply@homes.example.com',
    now: Date.parse('2030-12-01T12:00:00Z'),
  })

const mails: [string, Mail][] = [
  ['an instant alert of one home', alert('instant', 1)],
  ['an instant alert of two homes', alert('instant', 2)],
  ['a daily alert of many homes', alert('daily', 14)],
  [
    'a price cut',
    priceCutMail({ to, publicUrl, listing: home(1), previousPrice: 1000, unsubscribeUrl }),
  ],
  [
    'a no longer available mail',
    listingClosedMail({ to, publicUrl, listing: { ...home(1), status: 'rented' }, unsubscribeUrl }),
  ],
  [
    'a message mail',
    messageMail({
      to,
      publicUrl,
      conversationId: 'conversation1',
      senderName: 'Ana Asker',
      listingName: 'Flat',
      messages: ['Hi, is this home still available?', 'Can I see it on Saturday?'],
      unread: 2,
      unsubscribeUrl: `${publicUrl}/unsubscribe/messages/abc.${'x'.repeat(43)}`,
    }),
  ],
  ['a booked viewing, to its visitor', viewingMailTo({ mail: 'booked', recipientId: 'ana' })],
  ['a booked viewing, to the owner', viewingMailTo({ mail: 'booked', recipientId: 'olivia' })],
  ['a viewing reminder', viewingMailTo({ mail: 'reminder', recipientId: 'ana' })],
  [
    'a viewing cancelled by a closed listing',
    viewingMailTo({
      mail: 'cancelled',
      recipientId: 'ana',
      cancelledBy: 'owner',
      closedAs: 'sold',
    }),
  ],
  ['a reset-password mail', resetPasswordMail(to, `${publicUrl}/api/auth/reset-password/token`)],
  [
    'an e-mail verification mail',
    verificationMail(to, `${publicUrl}/api/auth/verify-email?token=${'x'.repeat(120)}`),
  ],
]

/** The score and the rules that hit, from spamassassin's report. */
function spamScore(message: Buffer): { score: number; rules: string } {
  const result = spawnSync('spamassassin', ['-t', '-L'], { input: message, encoding: 'utf8' })
  const match = /Content analysis details:\s+\((-?[\d.]+) points/.exec(result.stdout)
  if (!match) throw new Error(`spamassassin gave no score: ${result.stderr || result.stdout}`)
  const rules = result.stdout.slice(match.index).split('\n\n')[1] ?? ''
  return { score: Number(match[1]), rules }
}

const scores = installed
  ? 'SpamAssassin scores'
  : 'SpamAssassin scores (skipped: spamassassin is not installed; apt-get install spamassassin)'

describe.skipIf(!installed)(scores, () => {
  it.each(mails)('scores %s under 2.0', async (_kind, mail) => {
    const message = await renderMail(
      { mailFrom: 'House Marketplace <no-reply@homes.example.com>', dkim: undefined },
      mail,
    )
    const { score, rules } = spamScore(message)
    expect(score, rules).toBeLessThan(2)
  })
})

describe('the mails as SpamAssassin reads them', () => {
  it.each(mails)('gives every image of %s alt text, as a JPEG or PNG', (_kind, mail) => {
    for (const [image] of mail.html.matchAll(/<img\b[^>]*>/g)) {
      expect(image).toMatch(/\balt="[^"]+"/)
      expect(image).toMatch(/\bsrc="[^"]+\.(jpe?g|png)"/)
    }
  })
})
