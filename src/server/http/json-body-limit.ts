// The API's bodies are JSON of a few kilobytes at most (uploads go through tus, in chunks): a
// larger one is a 413 before it is read.
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ErrorBody } from '../../shared/error-body.js'

const bodyLimit64k = bodyLimit({
  maxSize: 64 * 1024,
  onError: (c) => c.json({ error: 'The body is too large' } satisfies ErrorBody, 413),
})

// Only for requests that may carry a body: the check makes Node's request a full web Request,
// which a GET would pay for nothing.
export const jsonBodyLimit: MiddlewareHandler = (c, next) =>
  c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : bodyLimit64k(c, next)
