// GET /api/users/:id (the landlord's name and e-mail, which the contact page needs) and PATCH /api/users/me.
import { Hono } from 'hono'
import { z } from 'zod'
import { idPattern } from '../../shared/ids.js'
import { profileSchema } from '../../shared/profile.js'
import type { Auth } from '../auth/auth.js'
import { requireUser } from '../auth/session.js'
import { validate } from '../http/validate.js'
import type { UserQueries } from './users.queries.js'

const idParam = z.object({ id: z.string().regex(idPattern, 'Not a user id') })

export function usersRoutes(users: UserQueries, auth: Auth) {
  return new Hono()
    .patch(
      '/me',
      requireUser(auth),
      validate('json', profileSchema, 'Invalid profile'),
      async (c) => {
        const { name } = c.req.valid('json')
        // Through Better Auth, so the session's copy of the user changes with the table.
        await auth.api.updateUser({ headers: c.req.raw.headers, body: { name } })
        const user = await users.getPublic(c.get('user').id)
        return c.json(user)
      },
    )
    .get('/:id', validate('param', idParam), async (c) => {
      const user = await users.getPublic(c.req.valid('param').id)
      if (!user) return c.json({ error: 'User not found' }, 404)
      return c.json(user)
    })
}
