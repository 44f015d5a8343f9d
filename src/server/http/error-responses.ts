// The response to an error that no route handled: a deliberate HTTP error, a client that went
// away, a database outage, or a bug of ours, each with its own status and log line.
import type { ErrorHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ErrorBody } from '../../shared/error-body.js'
import { findDatabaseOutage, type Db } from '../db/database.js'
import { clientWentAway } from './client-gone.js'

export function errorResponses(db: Db): ErrorHandler {
  return async (error, c) => {
    if (error instanceof HTTPException) {
      return c.json({ error: error.message || 'Request failed' } satisfies ErrorBody, error.status)
    }
    if (clientWentAway(c)) {
      // Nobody is left to read a response, and nothing failed on our side: a note, not an error.
      console.info(`${c.req.method} ${c.req.path}: the client went away before its body arrived`)
      return c.json({ error: 'The request was cut off' } satisfies ErrorBody, 400)
    }
    const outage = await findDatabaseOutage(db, error)
    if (outage) {
      // An outage, not a bug: one line per request, and the client is told to come back.
      console.warn(`${c.req.method} ${c.req.path}: the database is unavailable (${outage.message})`)
      c.header('Retry-After', '5')
      return c.json(
        { error: 'The service is unavailable, try again shortly' } satisfies ErrorBody,
        503,
      )
    }
    console.error(`${c.req.method} ${c.req.path} failed:`, error)
    return c.json({ error: 'Something went wrong on our side' } satisfies ErrorBody, 500)
  }
}
