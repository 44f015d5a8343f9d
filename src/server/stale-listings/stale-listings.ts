// Listings their owners no longer confirm. An hourly job asks the owner of each listing not
// confirmed or edited for 60 days 'Still available?'; 14 days later, with no reply, the listing
// leaves the market as 'expired' (its page stays, its savers are not told). The mail's links keep
// it listed (relisted, if it expired meanwhile) or mark it sold or rented.
import { closedStatusOf, type Listing, type OwnerStatus } from '../../shared/listing.js'
import type { Db } from '../db/database.js'
import type { JobHandlers, JobQueue } from '../jobs/job-queue.js'
import { createListingQueries } from '../listings/listings.queries.js'
import type { Mailer } from '../mail/mailer.js'
import type { MediaStore } from '../media/media-store.js'
import { userEmail } from '../users/users.queries.js'
import type {
  StaleListingChoice,
  StaleListingLink,
  StaleListingLinks,
} from './stale-listing-links.js'
import { staleListingMail } from './stale-listing-mail.js'
import { createStaleListingQueries } from './stale-listings.queries.js'

const day = 24 * 60 * 60_000

export const staleListingTiming = {
  /** unconfirmed this long, a listing's owner is asked */
  askAfterMs: 60 * day,
  /** with no reply this long after the question, the listing expires */
  expireAfterMs: 14 * day,
  /** how often the job looks */
  everyMs: 60 * 60_000,
  /** listings asked about or expired per run; a full batch runs again a minute later */
  batch: 200,
} as const

export const staleListingsJob = { key: 'stale-listings', kind: 'stale-listings' } as const
const mailJobKind = 'stale-listing-mail'

/** What following a mail's link came to, for its page. */
export type StaleListingOutcome =
  | { result: 'not-found' | 'out-of-date' }
  | { result: 'done' | 'ready' | 'already' | 'unavailable'; listing: Listing }

export function createStaleListings(deps: {
  db: Db
  media: MediaStore
  jobs: JobQueue
  mailer: Mailer
  links: StaleListingLinks
  /** the owner's status change (listings/listing-writes.ts), with what follows a closing */
  changeStatus: (id: string, userId: string, status: OwnerStatus) => Promise<Listing>
  publicUrl: string
  now: () => number
}) {
  const { db, media, jobs, mailer, links, changeStatus, publicUrl, now } = deps
  const listings = createListingQueries(db, media, db.kysely, now)
  const stale = createStaleListingQueries(db.kysely)

  /** Every server calls this at start; only the first start of a database queues the job. */
  function queue(at = now()): Promise<void> {
    const { key, kind } = staleListingsJob
    return jobs.enqueueIfAbsent(
      { key, kind, payload: null, runAt: at + staleListingTiming.everyMs },
      at,
    )
  }

  async function askOwners(at: number): Promise<number> {
    const ids = await stale.listingsToAsk(
      at - staleListingTiming.askAfterMs,
      staleListingTiming.batch,
    )
    for (const listingId of ids) {
      await db.kysely.transaction().execute(async (trx) => {
        await createStaleListingQueries(trx).asked(listingId, at)
        const job = { listingId, mailedAt: at } satisfies StaleListingLink
        await jobs.enqueue(
          trx,
          [{ key: `${mailJobKind}:${listingId}`, kind: mailJobKind, payload: job, runAt: at }],
          at,
        )
      })
    }
    return ids.length
  }

  async function expireUnconfirmed(at: number): Promise<number> {
    const ids = await stale.listingsToExpire(
      at - staleListingTiming.expireAfterMs,
      staleListingTiming.batch,
    )
    for (const listingId of ids) await listings.setStatus(listingId, 'expired')
    return ids.length
  }

  async function sendMail(payload: unknown) {
    const link = payload as StaleListingLink
    const listing = await listings.get(link.listingId)
    // Confirmed, closed or asked again since: this mail has nothing to ask.
    if (listing?.status !== 'active' || (await stale.askedAt(link.listingId)) !== link.mailedAt)
      return
    const owner = await userEmail(db, listing.userRef)
    if (!owner?.verified) return
    await mailer.send(
      staleListingMail({
        listing,
        to: owner.email,
        publicUrl,
        keepUrl: links.url(link, 'keep'),
        closeUrl: links.url(link, 'close'),
        daysToReply: staleListingTiming.expireAfterMs / day,
      }),
    )
  }

  const jobHandlers: JobHandlers = {
    async [staleListingsJob.kind](_payload, at) {
      const asked = await askOwners(at)
      const expired = await expireUnconfirmed(at)
      const full = Math.max(asked, expired) === staleListingTiming.batch
      return { nextRunAt: at + (full ? 60_000 : staleListingTiming.everyMs) }
    },
    [mailJobKind]: sendMail,
  }

  /**
   * A mail link followed: `write` false only reads what the link would do (its page's question),
   * true does it (the page's button). A link of an older mail than the last is out of date.
   */
  async function followLink(
    link: StaleListingLink,
    choice: StaleListingChoice,
    write: boolean,
  ): Promise<StaleListingOutcome> {
    const listing = await listings.get(link.listingId, { withHidden: true })
    if (!listing) return { result: 'not-found' }
    if ((await stale.askedAt(link.listingId)) !== link.mailedAt) return { result: 'out-of-date' }
    const wanted = choice === 'keep' ? 'active' : closedStatusOf[listing.type]
    if (listing.status === 'hidden') return { result: 'unavailable', listing }
    if (listing.status === wanted && (choice === 'close' || (await confirmedSince(link)))) {
      return { result: 'already', listing }
    }
    if (choice === 'keep' && listing.status !== 'active' && listing.status !== 'expired') {
      return { result: 'unavailable', listing }
    }
    if (!write) return { result: 'ready', listing }
    if (choice === 'keep' && listing.status === 'active') {
      await listings.confirm(listing.id, now())
      return { result: 'done', listing }
    }
    return { result: 'done', listing: await changeStatus(listing.id, listing.userRef, wanted) }
  }

  /** Whether the owner confirmed or edited the listing after the mail asked. */
  async function confirmedSince(link: StaleListingLink): Promise<boolean> {
    const confirmed = await stale.confirmedAt(link.listingId)
    return confirmed !== undefined && confirmed > link.mailedAt
  }

  return { queue, jobHandlers, followLink, links }
}

export type StaleListings = ReturnType<typeof createStaleListings>
