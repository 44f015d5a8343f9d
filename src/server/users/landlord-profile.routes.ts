// GET /api/users/:id/profile: a landlord's public page as data (name, member since, how they
// reply), which the listing page also reads for the landlord's name. Never the e-mail.
import { Hono, type Context } from 'hono'
import { idPattern } from '../../shared/ids.js'
import type { LandlordProfile } from '../../shared/landlord-profile.js'
import type { ErrorBody } from '../../shared/error-body.js'
import type { ClientAddress } from '../http/client-address.js'
import {
  consumePerAddress,
  limitedResponse,
  RequestLimitedError,
  type LimitRule,
  type RequestLimits,
} from '../http/rate-limit.js'
import { landlordLookupLimits } from './users.routes.js'
import type { UserQueries } from './users.queries.js'

/**
 * The limits of GET /api/users/:id, counted apart: every listing page reads its landlord's
 * profile, and that must not use up the contact page's budget.
 */
export const landlordProfileLimits: LimitRule[] = landlordLookupLimits.map((rule) => ({
  ...rule,
  name: `profile-${rule.name}`,
}))

/**
 * Counts a landlord's server-rendered page against the same limits; throws
 * `RequestLimitedError` past them. The page holds the profile, so it is no way round them.
 */
export function landlordProfileCounter(deps: {
  requestLimits: RequestLimits
  clientAddress: ClientAddress
}): (c: Context) => Promise<void> {
  return async (c) => {
    const address = deps.clientAddress(c)
    // In-process requests (tests) have no address, and are not counted.
    if (address === undefined) return
    await consumePerAddress(deps.requestLimits, landlordProfileLimits, address)
  }
}

/** How long a server serves a profile from memory: a renamed landlord shows within this. */
const keptMs = 30_000
const maxKept = 10_000

/**
 * Profiles read lately, by id. A profile served from here is not counted against the limits: a
 * person browsing homes reads the same few landlords over and over, a script every one in turn.
 */
function recentProfiles() {
  const kept = new Map<string, { profile: LandlordProfile; until: number }>()
  return {
    get(id: string, now: number): LandlordProfile | undefined {
      const entry = kept.get(id)
      if (entry && entry.until > now) return entry.profile
      kept.delete(id)
      return undefined
    },
    set(profile: LandlordProfile, now: number) {
      kept.delete(profile.id)
      kept.set(profile.id, { profile, until: now + keptMs })
      // A Map keeps its insertion order: the first key is the oldest.
      if (kept.size > maxKept) kept.delete(kept.keys().next().value!)
    },
  }
}

export function landlordProfileRoutes(deps: {
  users: Pick<UserQueries, 'getLandlordProfile'>
  requestLimits: RequestLimits
  clientAddress: ClientAddress
}) {
  const { users, requestLimits, clientAddress } = deps
  const recent = recentProfiles()
  const countLookup = landlordProfileCounter({ requestLimits, clientAddress })

  /** Counts a lookup no memory served; bad and unknown ids count too. */
  async function count(c: Context): Promise<Response | undefined> {
    try {
      await countLookup(c)
    } catch (error) {
      if (error instanceof RequestLimitedError) return limitedResponse(c, error)
      throw error
    }
    return undefined
  }

  return new Hono().get('/:id/profile', async (c) => {
    const id = c.req.param('id')
    const now = Date.now()
    const known = recent.get(id, now)
    if (known) return c.json(known)
    const limited = await count(c)
    if (limited) return limited
    if (!idPattern.test(id)) {
      return c.json(
        { error: 'Invalid request', fields: { id: 'Not a user id' } } satisfies ErrorBody,
        400,
      )
    }
    const profile = await users.getLandlordProfile(id, now)
    if (!profile) return c.json({ error: 'User not found' } satisfies ErrorBody, 404)
    recent.set(profile, now)
    return c.json(profile)
  })
}
