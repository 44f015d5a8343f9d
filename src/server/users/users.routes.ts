// GET /api/users/:id (a landlord's name and e-mail, which the contact page needs; the name alone of
// anyone without a listing or who hides their e-mail), and GET and PATCH /api/users/me.
import { privateResponse } from '../http/json-response.js'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { idPattern } from '../../shared/ids.js'
import { profileSchema } from '../../shared/profile.js'
import type { Auth } from '../auth/auth.js'
import { requireUser } from '../auth/session.js'
import type { ClientAddress } from '../http/client-address.js'
import {
  consumePerAddress,
  limitPerAddress,
  type LimitRule,
  type RequestLimits,
} from '../http/rate-limit.js'
import { validate } from '../http/validate.js'
import type { UserQueries } from './users.queries.js'

// One person's own details: neither a shared cache nor the browser may keep them.

const idParam = z.object({ id: z.string().regex(idPattern, 'Not a user id') })

/**
 * A landlord's response holds their e-mail (the contact page's mailto): a person opens a few contact
 * pages, a script harvesting addresses asks for every landlord. Bad and unknown ids count too.
 */
export const landlordLookupLimits: LimitRule[] = [
  { name: 'landlord-minute', windowSeconds: 60, max: 30 },
  { name: 'landlord-day', windowSeconds: 24 * 60 * 60, max: 300 },
]

/**
 * Counts a lookup of a landlord outside the API (the contact page rendered on the server, with the
 * e-mail in it) against the same limits; throws `RequestLimitedError` past them.
 */
export function landlordLookupCounter(deps: {
  requestLimits: RequestLimits
  clientAddress: ClientAddress
}): (c: Context) => Promise<void> {
  return async (c) => {
    const address = deps.clientAddress(c)
    // In-process requests (tests) have no address, and are not counted.
    if (address === undefined) return
    await consumePerAddress(deps.requestLimits, landlordLookupLimits, address)
  }
}

export function usersRoutes(deps: {
  users: UserQueries
  auth: Auth
  requestLimits: RequestLimits
  clientAddress: ClientAddress
}) {
  const { users, auth, requestLimits, clientAddress } = deps
  return (
    new Hono()
      // Before '/:id', which would take 'me' for an id.
      .get('/me', requireUser(auth), async (c) => {
        const user = await users.getOwn(c.get('user').id)
        if (!user) return c.json({ error: 'User not found' }, 404)
        return c.json(user, 200, privateResponse)
      })
      .patch(
        '/me',
        requireUser(auth),
        validate('json', profileSchema, 'Invalid profile'),
        async (c) => {
          const { name, showEmail, statsMail } = c.req.valid('json')
          const id = c.get('user').id
          await users.setChoices(id, { showEmail, statsMail })
          // Through Better Auth, so the session's copy of the user changes with the table.
          if (name !== undefined) {
            await auth.api.updateUser({ headers: c.req.raw.headers, body: { name } })
          }
          const user = await users.getOwn(id)
          if (!user) return c.json({ error: 'User not found' }, 404)
          return c.json(user, 200, privateResponse)
        },
      )
      .get(
        '/:id',
        limitPerAddress(requestLimits, landlordLookupLimits, clientAddress),
        validate('param', idParam),
        async (c) => {
          const { id } = c.req.valid('param')
          const user = await users.getProfile(id)
          if (!user) return c.json({ error: 'User not found' }, 404)
          return c.json(user)
        },
      )
  )
}
