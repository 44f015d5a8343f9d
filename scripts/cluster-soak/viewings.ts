// The cluster soak's viewings burst: waves of visitors book the slots of one open house through
// HAProxy, a wave every half second around the kill of a server, each wave six times more people
// than places. Afterwards: no slot holds more bookings than places (counted in the database and
// read on each server), every acknowledged booking is stored, and each party of each booking has
// its mail with the invitation exactly once.
import type { AppContext } from '../../src/server/app.js'
import { viewingUid } from '../../src/server/viewings/viewing-calendar.js'
import type { Booking, ViewingSlotList } from '../../src/shared/viewing.js'
import { viewingMessages } from '../../src/shared/viewing.js'
import { insertSignedInUsers, type SessionUser } from '../../tests/support/session-rows.js'
import { signUpAndIn, type SignedInUser } from '../../tests/support/sign-in.js'
import type { SmtpCatcher } from '../../tests/support/smtp-catcher.js'
import { insertListing } from '../../tests/support/test-app.js'
import { markEmailVerified } from '../../tests/support/verified-email.js'
import { insertSlots } from '../../tests/support/viewing-rows.js'
import type { ClusterServer } from '../cluster/start-cluster.js'
import type { Send } from '../soak/http.js'
import type { CheckResult } from './cluster-checks.js'
import { isLostRequest, killWindowMs } from './retrying-send.js'

/** How the burst is shaped: a slot per wave, its places, and the people who book it at once. */
export const burstShape = { waves: 8, capacity: 5, bookersPerWave: 30, gapMs: 500 }

const day = 24 * 3600_000
const attempts = 5
const pauseMs = 200

export interface ViewingBurst {
  listingId: string
  owner: SignedInUser
  /** each wave's slot and its bookers */
  waves: { slotId: string; bookers: SessionUser[] }[]
}

/** How one visitor's booking ended, after retrying the attempts that died with the server. */
type Outcome =
  | { kind: 'booked'; bookingId: string }
  | { kind: 'full' }
  /** an attempt died with the server, and the retry was told it had booked */
  | { kind: 'booked by a lost attempt' }
  | { kind: 'no response' }
  | { kind: 'unexpected'; detail: string }

export interface BurstLedger {
  burst: ViewingBurst
  /** each booker's outcome, by user id */
  outcomes: Map<string, Outcome>
  /** when each lost attempt came back (a reset, a 502 or 503) */
  lostAt: number[]
}

/**
 * An owner (verified) with a listing of `burstShape.waves` slots three days ahead (so that no
 * reminder falls due during the soak), and as many verified visitors as the waves need, signed in.
 */
export async function viewingBurst(context: AppContext): Promise<ViewingBurst> {
  const owner = await signUpAndIn(context, { name: 'Soak Open House Owner' })
  await markEmailVerified(context, owner.id)
  const listing = await insertListing(context, { userRef: owner.id, name: 'Soak Open House' })
  const first = Math.ceil((Date.now() + 3 * day) / 3600_000) * 3600_000
  const slotIds = await insertSlots(
    context.db,
    Array.from({ length: burstShape.waves }, (_, n) => ({
      listingId: listing.id,
      ownerId: owner.id,
      start: first + n * 3600_000,
      minutes: 30,
      capacity: burstShape.capacity,
      bookerIds: [],
    })),
  )
  const visitors = await insertSignedInUsers(
    context,
    burstShape.waves * burstShape.bookersPerWave,
    'Soak Visitor',
  )
  return {
    listingId: listing.id,
    owner,
    waves: slotIds.map((slotId, n) => ({
      slotId,
      bookers: visitors.slice(n * burstShape.bookersPerWave, (n + 1) * burstShape.bookersPerWave),
    })),
  }
}

/** Books `slotId` for `booker`, sending again an attempt that died with a server. */
async function book(
  send: Send,
  slotId: string,
  booker: SessionUser,
  lostAt: number[],
): Promise<Outcome> {
  let lost = false
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const response = await send(
      'POST /api/viewing-slots/:id/bookings',
      `/api/viewing-slots/${slotId}/bookings`,
      {
        method: 'POST',
        cookie: booker.cookie,
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      },
    )
    if (isLostRequest(response)) {
      lost = true
      lostAt.push(Date.now())
      await new Promise((resolve) => setTimeout(resolve, pauseMs))
      continue
    }
    const text = response.body.toString('utf8')
    if (response.status === 201) {
      return { kind: 'booked', bookingId: (JSON.parse(text) as Booking).id }
    }
    const error = response.status === 409 ? (JSON.parse(text) as { error: string }).error : ''
    if (error === viewingMessages.full) return { kind: 'full' }
    if (error === viewingMessages.alreadyBooked && lost) return { kind: 'booked by a lost attempt' }
    return { kind: 'unexpected', detail: `${response.status} ${text.slice(0, 100)}` }
  }
  return { kind: 'no response' }
}

/** Sends each wave at once, the first at `startAt` (ms since the epoch), `gapMs` apart. */
export async function runViewingBurst(
  send: Send,
  burst: ViewingBurst,
  startAt: number,
): Promise<BurstLedger> {
  const ledger: BurstLedger = { burst, outcomes: new Map(), lostAt: [] }
  await Promise.all(
    burst.waves.map(async (wave, n) => {
      const at = startAt + n * burstShape.gapMs
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())))
      await Promise.all(
        wave.bookers.map(async (booker) => {
          ledger.outcomes.set(booker.id, await book(send, wave.slotId, booker, ledger.lostAt))
        }),
      )
    }),
  )
  return ledger
}

/** The bookings the database holds for the burst's slots, and each slot's `booked` count. */
async function storedBookings(context: AppContext, burst: ViewingBurst) {
  const slotIds = burst.waves.map((wave) => wave.slotId)
  const [rows, slots] = await Promise.all([
    context.db.kysely
      .selectFrom('viewing_booking')
      .select(['id', 'slotId', 'bookerId'])
      .where('slotId', 'in', slotIds)
      .execute(),
    context.db.kysely
      .selectFrom('viewing_slot')
      .select(['id', 'booked'])
      .where('id', 'in', slotIds)
      .execute(),
  ])
  return { rows, booked: new Map(slots.map((slot) => [slot.id, Number(slot.booked)])) }
}

/**
 * The places: no slot over its capacity or with a `booked` count unlike its rows, every
 * acknowledged booking stored, every stored booking one its booker was told of (a 201, or a retry
 * told it had booked), every other visitor told 'This viewing is full', no attempt lost but in
 * the moments after the kill, and each server showing every slot's count.
 */
export async function bookingsKept(
  context: AppContext,
  servers: ClusterServer[],
  ledger: BurstLedger,
  killedAt: number[],
): Promise<CheckResult & { stored: { id: string; bookerId: string }[] }> {
  const { burst, outcomes } = ledger
  const { rows, booked } = await storedBookings(context, burst)
  const problems: string[] = []
  const stored = new Set(rows.map((row) => row.id))
  for (const wave of burst.waves) {
    const count = rows.filter((row) => row.slotId === wave.slotId).length
    if (count > burstShape.capacity) problems.push(`${count} bookings of ${burstShape.capacity}`)
    if (booked.get(wave.slotId) !== count) {
      problems.push(`booked ${booked.get(wave.slotId)} for ${count} bookings`)
    }
  }
  const tally = new Map<string, number>()
  for (const [bookerId, outcome] of outcomes) {
    tally.set(outcome.kind, (tally.get(outcome.kind) ?? 0) + 1)
    if (outcome.kind === 'booked' && !stored.has(outcome.bookingId)) {
      problems.push(`acknowledged booking ${outcome.bookingId} missing`)
    }
    if (outcome.kind === 'unexpected') problems.push(outcome.detail)
    if (outcome.kind === 'no response') problems.push(`${bookerId} got no response`)
  }
  for (const row of rows) {
    const outcome = outcomes.get(row.bookerId)?.kind
    if (outcome !== 'booked' && outcome !== 'booked by a lost attempt') {
      problems.push(`booking ${row.id} stored, its booker told ${outcome}`)
    }
  }
  const unexplained = ledger.lostAt.filter(
    (at) => !killedAt.some((kill) => at >= kill && at - kill <= killWindowMs),
  )
  if (unexplained.length > 0) problems.push(`${unexplained.length} attempts lost outside the kill`)
  for (const server of servers) {
    const response = await fetch(`${server.url}/api/listings/${burst.listingId}/viewing-slots`)
    const { items } = (await response.json()) as ViewingSlotList
    for (const wave of burst.waves) {
      const shown = items.find((slot) => slot.id === wave.slotId)?.booked
      if (shown !== booked.get(wave.slotId)) {
        problems.push(`${server.name} shows ${shown} booked of ${booked.get(wave.slotId)}`)
      }
    }
  }
  const places = burst.waves.length * burstShape.capacity
  const outcomeList = [...tally].map(([kind, count]) => `${kind} ${count}`).join(', ')
  return {
    pass: problems.length === 0 && rows.length > 0,
    value:
      `${rows.length} bookings for ${places} places in ${burst.waves.length} slots; ` +
      `${outcomes.size} visitors: ${outcomeList}; attempts lost with the killed server and ` +
      `sent again: ${ledger.lostAt.length - unexplained.length}` +
      (problems.length ? `; ${problems.length} problems (${problems.slice(0, 3).join('; ')})` : ''),
    stored: rows,
  }
}

/**
 * The (booking, recipient) pair of each caught invitation to a booked viewing, with the mail's
 * Message-ID.
 */
function invitedPairs(
  catcher: SmtpCatcher,
  uids: Map<string, string>,
): { pair: string; messageId: string }[] {
  return catcher.mails.flatMap((mail) =>
    mail.attachments
      .filter((attachment) => attachment.method === 'REQUEST')
      .flatMap((attachment) => {
        const uid = /^UID:(.+)$/m.exec(attachment.content.replace(/\r\n[ \t]/g, ''))?.[1]?.trim()
        const bookingId = uid === undefined ? undefined : uids.get(uid)
        const messageId = mail.headers.get('message-id') ?? ''
        return bookingId === undefined
          ? []
          : mail.to.map((to) => ({ pair: `${bookingId} ${to}`, messageId }))
      }),
  )
}

/**
 * Waits for the booking mails of every stored booking, to its booker and to the owner, then a
 * while longer, as a mail sent twice comes after the first: each must have come exactly once.
 */
export async function bookingMailsOnce(
  context: AppContext,
  catcher: SmtpCatcher,
  ledger: BurstLedger,
  stored: { id: string; bookerId: string }[],
  timeoutMs = 40_000,
): Promise<CheckResult> {
  const publicUrl = context.config.publicUrl
  const bookers = await context.db.kysely
    .selectFrom('user')
    .select(['id', 'email'])
    .where(
      'id',
      'in',
      stored.map((row) => row.bookerId),
    )
    .execute()
  const emails = new Map(bookers.map((user) => [user.id, user.email.toLowerCase()]))
  const owner = ledger.burst.owner.email.toLowerCase()
  const expected = new Set(
    stored.flatMap((row) => [`${row.id} ${emails.get(row.bookerId)}`, `${row.id} ${owner}`]),
  )
  const uids = new Map(stored.map((row) => [viewingUid(row.id, publicUrl), row.id]))
  const started = Date.now()
  const allMailed = () => {
    const mailed = new Set(invitedPairs(catcher, uids).map((mail) => mail.pair))
    return [...expected].every((pair) => mailed.has(pair))
  }
  while (!allMailed() && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  // A job whose server died after the mail server took its mail, but before the job was marked
  // done, is sent again by another server (decision 012): as the same message, by its Message-ID,
  // which mail systems show once. A second message to the same person is the failure.
  const messages = new Map<string, Set<string>>()
  let copies = 0
  for (const { pair, messageId } of invitedPairs(catcher, uids)) {
    const ids = messages.get(pair) ?? new Set<string>()
    ids.add(messageId)
    messages.set(pair, ids)
    copies += 1
  }
  const once = [...expected].filter((pair) => messages.get(pair)?.size === 1).length
  const twice = [...messages.values()].filter((ids) => ids.size > 1).length
  const unexpected = [...messages.keys()].filter((pair) => !expected.has(pair)).length
  const resent = copies - [...messages.values()].reduce((sum, ids) => sum + ids.size, 0)
  return {
    pass: expected.size > 0 && once === expected.size && twice === 0 && unexpected === 0,
    value:
      `${once} of ${expected.size} booking mails (booker and owner of each booking) sent once; ` +
      `as two messages: ${twice}; to someone else: ${unexpected}; ` +
      `the same message sent again after the kill: ${resent}`,
  }
}
