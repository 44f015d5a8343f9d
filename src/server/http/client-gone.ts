// A request whose client hung up before its body arrived whole: the client's doing, not ours.
import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'

/**
 * Whether the client's connection ended before the request body was received whole. Node then
 * fails the body read with 'aborted' (code ECONNRESET), which is no sign of a database outage.
 * False for in-process requests, which have no socket.
 */
export function clientWentAway(c: Context): boolean {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming
  if (!incoming || incoming.complete) return false
  return incoming.destroyed || incoming.socket.destroyed
}
