// GET /api/users/:id: the landlord's name and e-mail, which the contact page needs.
import { Hono } from 'hono'
import { z } from 'zod'
import { validate } from '../http/validate.js'
import { idPattern } from '../../shared/ids.js'
import type { UserQueries } from './users.queries.js'

const idParam = z.object({ id: z.string().regex(idPattern, 'Not a user id') })

export function usersRoutes(users: UserQueries) {
  return new Hono().get('/:id', validate('param', idParam), async (c) => {
    const user = await users.getPublic(c.req.valid('param').id)
    if (!user) return c.json({ error: 'User not found' }, 404)
    return c.json(user)
  })
}
