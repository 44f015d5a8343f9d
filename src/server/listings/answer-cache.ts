// Finished answers of the public listing reads (pages and single listings), kept by this server
// under the request they answer, with the listings' version they were read at, and given again only
// while the database still has that version. The version changes in the same transaction as any
// write to `listing`, so with any number of servers no answer outlives the data it was made from;
// checking it is one one-row read, shared by the requests that wait for it together
// (docs/decisions/009-listing-answer-cache.md, 010-kept-answers-before-hono.md).
import { jsonBody, type JsonBody } from '../http/json-answer.js'
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
 * The path and query of a request's URL, as the client sent them: answers are kept under it, so a
 * request can be matched to its answer before anything parses it (kept-answers-first.ts).
 */
export function requestTarget(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('//') + 2))
}

export interface AnswerCacheOptions {
  /** The version the database has now. */
  currentVersion(): Promise<string>
  /** About how much memory the kept answers may take (JSON text and its compressed forms). */
  maxBytes?: number
}

interface Kept {
  version: string
  body: JsonBody
  bytes: number
}

export function createAnswerCache({ currentVersion, maxBytes = 8 * 2 ** 20 }: AnswerCacheOptions) {
  const readVersion = sharedReads(currentVersion)
  // In the order of last use, least recent first.
  const kept = new Map<string, Kept>()
  let keptBytes = 0

  function forget(key: string) {
    const entry = kept.get(key)
    if (!entry) return
    kept.delete(key)
    keptBytes -= entry.bytes
  }

  function keep(key: string, entry: Kept) {
    kept.set(key, entry)
    keptBytes += entry.bytes
    for (const [oldest] of kept) {
      if (keptBytes <= maxBytes) break
      forget(oldest)
    }
  }

  /** The kept answer to `key` if the listings are still at its version. */
  async function current(key: string): Promise<JsonBody | undefined> {
    const entry = kept.get(key)
    if (!entry) return undefined
    const version = await readVersion()
    // Meanwhile another request may have replaced the entry: only this one is forgotten or moved.
    const still = kept.get(key) === entry
    if (entry.version !== version) {
      if (still) forget(key)
      return undefined
    }
    if (still) {
      kept.delete(key)
      kept.set(key, entry)
    }
    return entry.body
  }

  return {
    current,

    /** Whether anything is kept for `key`, current or not: a cheap test before `current`. */
    has: (key: string) => kept.has(key),

    /**
     * The answer to `key`: the kept one if the listings are still at its version, else what
     * `read` finds (kept in turn, unless it carries no version: nothing found, nothing to key).
     * Undefined when `read` finds nothing. With no key, `read` alone, and nothing kept.
     */
    async get(
      key: string | undefined,
      read: () => Promise<Versioned<unknown>>,
    ): Promise<JsonBody | undefined> {
      const answer = key === undefined ? undefined : await current(key)
      if (answer) return answer
      const { value, version } = await read()
      if (value === undefined) return undefined
      const body = jsonBody(value)
      // The text, and room for its brotli and gzip forms (each well under half of it).
      if (key !== undefined && version !== undefined) {
        keep(key, { version, body, bytes: 2 * body.json.length })
      }
      return body
    },

    /** How many answers are kept, and about how many bytes they take. */
    size: () => ({ answers: kept.size, bytes: keptBytes }),
  }
}

export type AnswerCache = ReturnType<typeof createAnswerCache>
