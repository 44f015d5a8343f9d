// The response cache of the public listing reads (GET /api/listings and /api/listings/:id). Each
// server keeps the finished JSON of those responses under the request they respond to, with the
// listings' version they were read at, and gives one again only while the database still has that
// version: the version changes in the same transaction as any write to `listing`, so with any
// number of servers no cached response outlives its data (docs/decisions/009-listing-response-cache.md).
// A current cached response is written straight from Node's request, before Hono: building a web
// Request, a Context and a Response around it would cost more than the response itself
// (docs/decisions/010-response-cache-before-hono.md).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { getSessionCookie } from 'better-auth/cookies'
import { bodyBytes, jsonBody, jsonHeaders, type TextBody } from '../http/json-response.js'
import type { Versioned } from './listings.queries.js'

/**
 * `read`, shared by callers that come while it is under way, yet never a read that began before
 * its caller came: a caller who finds one running waits for the next, which starts when it ends.
 * Every caller so gets a value read after it asked, and under load one read serves many callers.
 */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined
  let next: Promise<T> | undefined
  const start = () => {
    const started = read()
    running = started
    const done = () => {
      if (running === started) running = undefined
    }
    started.then(done, done)
    return started
  }
  return () => {
    if (!running) return start()
    next ??= running.then(
      () => ((next = undefined), start()),
      () => ((next = undefined), start()),
    )
    return next
  }
}

/**
 * The path and query of a request's URL, as the client sent them: responses are cached under it,
 * so that a request can be matched to its response before anything parses it.
 */
export function requestTarget(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('//') + 2))
}

export interface ResponseCacheOptions {
  /** The version the database has now. */
  currentVersion(): Promise<string>
  /** About how much memory the cached responses may take (JSON text and its compressed forms). */
  maxBytes?: number
  /**
   * How long a response is given again at most, even at its version: a listing's badges change
   * with time alone ('new' for 7 days), with no write to change the version.
   */
  maxAgeMs?: number
  /** The time now, in ms. */
  now?: () => number
}

interface CachedResponse {
  version: string
  body: TextBody
  bytes: number
  /** when it was read, in ms */
  readAt: number
}

/** How long the app's cached listing responses live at most: their badges change with time alone. */
export const responseMaxAgeMs = 60_000

export function createResponseCache({
  currentVersion,
  maxBytes = 8 * 2 ** 20,
  maxAgeMs = Infinity,
  now = Date.now,
}: ResponseCacheOptions) {
  const readVersion = sharedReads(currentVersion)
  // In the order of last use, least recent first.
  const cached = new Map<string, CachedResponse>()
  let cachedBytes = 0

  function forget(key: string) {
    const entry = cached.get(key)
    if (!entry) return
    cached.delete(key)
    cachedBytes -= entry.bytes
  }

  function add(key: string, entry: CachedResponse) {
    cached.set(key, entry)
    cachedBytes += entry.bytes
    for (const [oldest] of cached) {
      if (cachedBytes <= maxBytes) break
      forget(oldest)
    }
  }

  /** The cached response to `key` if the listings are still at its version. */
  async function current(key: string): Promise<TextBody | undefined> {
    const entry = cached.get(key)
    if (!entry) return undefined
    const version = await readVersion()
    // Meanwhile another request may have replaced the entry: only this one is forgotten or moved.
    const still = cached.get(key) === entry
    if (entry.version !== version || now() - entry.readAt >= maxAgeMs) {
      if (still) forget(key)
      return undefined
    }
    if (still) {
      cached.delete(key)
      cached.set(key, entry)
    }
    return entry.body
  }

  return {
    current,

    /** Whether anything is cached for `key`, current or not: a cheap test before `current`. */
    has: (key: string) => cached.has(key),

    /**
     * The response to `key`: the cached one if the listings are still at its version, else what
     * `read` finds (cached in turn, unless it carries no version: nothing found, nothing to key).
     * Undefined when `read` finds nothing. With no key, `read` alone, and nothing cached. The body is
     * the value's JSON unless `toBody` makes it otherwise (a page's HTML).
     */
    async get<T>(
      key: string | undefined,
      read: () => Promise<Versioned<T>>,
      toBody: (value: T) => TextBody = jsonBody,
    ): Promise<TextBody | undefined> {
      const response = key === undefined ? undefined : await current(key)
      if (response) return response
      const readAt = now()
      const { value, version } = await read()
      if (value === undefined) return undefined
      const body = toBody(value)
      // The text, and room for its brotli and gzip forms (each well under half of it).
      if (key !== undefined && version !== undefined) {
        add(key, { version, body, bytes: 2 * body.text.length, readAt })
      }
      return body
    },

    /** How many responses are cached, and about how many bytes they take. */
    size: () => ({ responses: cached.size, bytes: cachedBytes }),
  }
}

export type ResponseCache = ReturnType<typeof createResponseCache>

/** The requests the listing routes cache responses for (listings.routes.ts). */
const cachedPrefix = '/api/listings'

/**
 * Whether the request may be an owner's list of their own listings (`userRef`, with a session
 * cookie): that one holds their hidden and expired listings, which no cached response holds, so
 * Hono reads the session for it.
 */
function mayBeOwnList(request: IncomingMessage): boolean {
  const { cookie } = request.headers
  if (!cookie || !/[?&]userRef=/.test(request.url ?? '')) return false
  return getSessionCookie(new Headers({ cookie })) !== null
}

/**
 * Node's request listener that sends a current cached response at once, and hands everything
 * else to `next` (the Hono app): other methods and paths, a response not cached or no longer
 * current, and any request while the version cannot be read.
 */
export function serveCachedResponses(
  options: {
    cache: ResponseCache
    /** What every response carries besides its own headers (the security headers). */
    headers: [string, string][]
  },
  next: RequestListener,
): RequestListener {
  const { cache } = options
  const common = [...options.headers, ...Object.entries(jsonHeaders)].flat()

  function sendCached(request: IncomingMessage, response: ServerResponse, target: string) {
    cache.current(target).then(
      (body) => {
        if (!body) return next(request, response)
        const { bytes, encoding } = bodyBytes(body, request.headers['accept-encoding'])
        response.writeHead(200, [
          ...common,
          ...(encoding ? ['Content-Encoding', encoding] : []),
          'Content-Length',
          String(Buffer.byteLength(bytes)),
        ])
        response.end(bytes)
      },
      // The version could not be read (the database is away): Hono responds as it always does.
      () => next(request, response),
    )
  }

  return (request, response) => {
    const target = request.url
    // Only what Hono would respond to the same way: a GET with a Host, to a path that is cached.
    if (
      request.method === 'GET' &&
      target?.startsWith(cachedPrefix) &&
      request.headers.host &&
      cache.has(target) &&
      !mayBeOwnList(request)
    ) {
      sendCached(request, response, target)
    } else {
      next(request, response)
    }
  }
}
