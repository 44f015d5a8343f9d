// The cluster soak's client does what a browser does when a server dies under its request: the
// connection is reset, or HAProxy returns 502/503, and the request is sent again. Each such failure
// is counted: as in flight on the killed server when it came within `killWindowMs` of a kill, as
// unexplained otherwise. A tus chunk is not sent again here: the upload asks the server for its
// offset and goes on from there (scripts/soak/tus.ts), as tus-js-client does. A DELETE whose
// response was lost may have been done before the server died: a 404 to its retry says it was (each
// soak worker deletes only its own listings), so the caller gets the 204 the lost response was.
// A create whose response was lost may likewise have been done: its retry is then a 400, for the
// lost attempt used up the uploads; the owner's newest listing, if it is the one sent, is the
// 201 the lost response was.
import type { Listing } from '../../src/shared/listing.js'
import { jsonOf, type SoakResponse, type RequestOptions, type Send } from '../soak/http.js'

export interface Retries {
  /** failed attempts within the kill window: requests in flight on the killed server */
  inFlight: number
  /** failed attempts at any other time: each one fails the soak */
  unexplained: number
  /** 404s to a retried DELETE whose lost attempt had deleted the listing: not a failure */
  deletedByLostAttempt: number
  /** 400s to a retried create whose lost attempt had made the listing: not a failure */
  createdByLostAttempt: number
  samples: string[]
}

/** How long after a kill a reset or a 502/503 still counts as in flight on the killed server. */
export const killWindowMs = 3_000
const attempts = 5
const pauseMs = 200

export function isLostRequest(response: SoakResponse): boolean {
  return response.status === 0 || response.status === 502 || response.status === 503
}

export function createRetryingSend(send: Send, killedAt: () => number[], retries: Retries): Send {
  const note = (kind: string, path: string, response: SoakResponse) => {
    const now = Date.now()
    const inWindow = killedAt().some((at) => now >= at && now - at <= killWindowMs)
    if (inWindow) retries.inFlight += 1
    else {
      retries.unexplained += 1
      if (retries.samples.length < 5) retries.samples.push(`${response.status} ${kind} ${path}`)
    }
  }
  return async (kind: string, path: string, options: RequestOptions = {}) => {
    const resumable = options.method === 'PATCH' && path.startsWith('/api/uploads/')
    let response = await send(kind, path, options)
    let lost = false
    for (let attempt = 1; isLostRequest(response); attempt += 1) {
      lost = true
      note(kind, path, response)
      if (resumable || attempt === attempts) break
      await new Promise((resolve) => setTimeout(resolve, pauseMs))
      response = await send(kind, path, options)
    }
    if (options.method === 'DELETE' && response.status === 404 && lost) {
      retries.deletedByLostAttempt += 1
      return { status: 204, headers: new Headers(), body: Buffer.alloc(0) }
    }
    if (lost && kind === 'POST /api/listings' && response.status === 400) {
      const listing = await listingMadeBy(send, options)
      if (listing) {
        retries.createdByLostAttempt += 1
        return { status: 201, headers: new Headers(), body: Buffer.from(JSON.stringify(listing)) }
      }
    }
    return response
  }
}

/** The caller's newest listing, if it is the one this create's body describes. */
async function listingMadeBy(send: Send, options: RequestOptions): Promise<Listing | undefined> {
  const session = jsonOf<{ user: { id: string } } | null>(
    await send('GET /api/auth/get-session', '/api/auth/get-session', { cookie: options.cookie }),
  )
  if (!session) return undefined
  const page = jsonOf<{ items: Listing[] }>(
    await send('GET /api/listings', `/api/listings?userRef=${session.user.id}&limit=1`),
  )
  const newest = page?.items[0]
  if (typeof options.body !== 'string') return undefined
  const sent = JSON.parse(options.body) as Pick<Listing, 'name' | 'type' | 'regularPrice'>
  const same =
    newest?.name === sent.name &&
    newest.type === sent.type &&
    newest.regularPrice === sent.regularPrice
  return same ? newest : undefined
}
