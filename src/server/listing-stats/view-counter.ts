// Listing views, gathered in memory and written in batches (docs/decisions/059-listing-statistics.md).
// Counting a request costs a map lookup; everything else (the visitor's address, the salted hash,
// whether the viewer owns the listing) is worked out when the batch is written, every few seconds.
// A visitor is a hash of the day's salt, the listing, the address and the browser: each server of
// a cluster makes the same one, and the database keeps one per listing and day.
import crypto from 'node:crypto'
import { addDays, utcDay } from '../../shared/calendar-date.js'
import type { ListingStatsQueries } from './listing-stats.queries.js'

/** A request for a listing's page or its API read, as it came: nothing is worked out yet. */
export interface ListingView {
  listingId: string
  visitor: Visitor
  /** the Cookie header of a signed-in visitor: the owner's own views are left out */
  cookie: string | undefined
}

/** Who asked, as the request tells: the socket's peer, the proxies' headers, the user agent. */
export interface Visitor {
  peer: string
  forwardedFor: string | undefined
  forwarded: string | undefined
  userAgent: string
}

export interface ViewCounterDeps {
  queries: ListingStatsQueries
  /** the owner of each listing that exists (views of anything else are dropped) */
  listingOwners(ids: string[]): Promise<Map<string, string>>
  /** the signed-in user of a Cookie header */
  signedInUserId(cookie: string): Promise<string | undefined>
  /** the client's address of a visitor, by the proxies we trust (TRUST_PROXY) */
  clientAddress(visitor: Visitor): string
  now: () => number
  /** views kept at most between two writes; more are dropped (a flood is no one's interest) */
  maxPending?: number
  /** batches kept at most while the database takes none (12: a minute of 5 s batches) */
  maxWaiting?: number
}

const dayMs = 24 * 60 * 60_000

export function createViewCounter(deps: ViewCounterDeps) {
  const { queries, now, maxPending = 100_000, maxWaiting = 12 } = deps
  // The views of the day, by user agent and then by the rest of the request: every request is
  // looked up here, so the keys are made of what it brings, without joining them all into one.
  let day = ''
  let dayEndsAt = 0
  let views = new Map<string, Map<string, ListingView>>()
  let pending = 0
  let robots = new Map<string, Visitor>()
  const written: { day: string; views: typeof views; robots: typeof robots }[] = []
  const salts = new Map<string, string>()
  let forgottenBefore = ''
  let writing: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined

  /** Puts what was gathered in line to be written; a minute of batches at most waits there. */
  function queueWrite(): void {
    if (pending > 0 || robots.size > 0) written.push({ day, views, robots })
    if (written.length > maxWaiting) {
      console.warn('Listing views dropped: the database took none for a minute')
      written.shift()
    }
    views = new Map()
    robots = new Map()
    pending = 0
  }

  /** Starts a new day's maps at midnight (UTC); the last day's wait to be written. */
  function today(): void {
    const at = now()
    // A clock set back (a test's, or a corrected one) starts another day too.
    if (at < dayEndsAt && at >= dayEndsAt - dayMs) return
    queueWrite()
    day = utcDay(at)
    dayEndsAt = Date.parse(`${day}T00:00:00Z`) + dayMs
  }

  /** Counts a view of the listing, once per visitor and day. */
  function count(listingId: string, visitor: Visitor, cookie: string | undefined): void {
    today()
    let ofAgent = views.get(visitor.userAgent)
    // Most requests carry no cookie and at most one proxy header: a short key of their own.
    const key =
      cookie === undefined && visitor.forwarded === undefined
        ? `${listingId} ${visitor.peer} ${visitor.forwardedFor}`
        : `${listingId} ${visitor.peer} ${visitor.forwardedFor} ${visitor.forwarded} ${cookie}`
    if (ofAgent?.has(key) || pending >= maxPending) return
    if (!ofAgent) views.set(visitor.userAgent, (ofAgent = new Map()))
    ofAgent.set(key, { listingId, visitor, cookie })
    pending += 1
  }

  /** A visitor who asked for robots.txt or a sitemap: a crawler, whose views that day are not counted. */
  function markRobot(visitor: Visitor): void {
    today()
    if (robots.size >= maxPending) return
    robots.set(
      `${visitor.peer} ${visitor.forwardedFor} ${visitor.forwarded} ${visitor.userAgent}`,
      visitor,
    )
  }

  async function saltOf(day: string): Promise<string> {
    let salt = salts.get(day)
    if (salt === undefined) {
      salt = await queries.saltOf(day)
      salts.set(day, salt)
      for (const known of salts.keys()) if (known < addDays(day, -1)) salts.delete(known)
    }
    return salt
  }

  const hash = (...parts: string[]) =>
    crypto.hash('sha256', parts.join('\n'), 'base64url').slice(0, 22)

  async function writeDay(day: string, dayViews: ListingView[], dayRobots: Visitor[]) {
    const salt = await saltOf(day)
    // One hash per person and day; a crawler is recorded by it, a view by its hash with the listing.
    const personOf = (visitor: Visitor) =>
      hash(salt, deps.clientAddress(visitor), visitor.userAgent)
    await queries.addRobots(day, dayRobots.map(personOf))
    const owners = await deps.listingOwners([...new Set(dayViews.map((view) => view.listingId))])
    const users = new Map<string, Promise<string | undefined>>()
    const counted = []
    for (const view of dayViews) {
      const owner = owners.get(view.listingId)
      if (owner === undefined) continue
      if (view.cookie !== undefined) {
        if (!users.has(view.cookie)) users.set(view.cookie, deps.signedInUserId(view.cookie))
        if ((await users.get(view.cookie)) === owner) continue
      }
      const person = personOf(view.visitor)
      counted.push({ listingId: view.listingId, person, visitorHash: hash(person, view.listingId) })
    }
    const crawlers = await queries.robotsAmong(
      day,
      counted.map((view) => view.person),
    )
    await queries.addViews(
      day,
      counted.flatMap(({ listingId, visitorHash, person }) =>
        crawlers.has(person) ? [] : [{ listingId, visitorHash }],
      ),
    )
  }

  async function write(): Promise<void> {
    today()
    queueWrite()
    while (written.length > 0) {
      const batch = written[0]!
      const dayViews = [...batch.views.values()].flatMap((ofAgent) => [...ofAgent.values()])
      // On failure (the database is away) the batch stays first, to be written next time.
      await writeDay(batch.day, dayViews, [...batch.robots.values()])
      written.shift()
    }
    // Yesterday's hashes still serve a batch gathered before midnight; older ones serve nothing.
    const yesterday = addDays(day, -1)
    if (forgottenBefore !== yesterday) {
      await queries.forgetVisitorsBefore(yesterday)
      forgottenBefore = yesterday
    }
  }

  /** Writes what was gathered; one write at a time. */
  function flush(): Promise<void> {
    writing = writing.then(write, write)
    return writing
  }

  return {
    count,
    markRobot,
    flush,
    /** Writes every `everyMs`, until `stop`. */
    start(everyMs: number) {
      timer ??= setInterval(() => {
        flush().catch((error: unknown) => console.error('Listing views were not written:', error))
      }, everyMs)
      timer.unref()
    },
    /** Stops the timer and writes what is left. */
    async stop() {
      clearInterval(timer)
      timer = undefined
      await flush()
    },
    /** How many views wait for the next write. */
    pending: () => pending,
  }
}

export type ViewCounter = ReturnType<typeof createViewCounter>
