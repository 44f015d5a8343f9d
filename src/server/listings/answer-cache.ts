// Finished answers of the public listing reads (pages and single listings), kept by this server
// with the listings' version they were read at and given again only while the database still has
// that version. The version changes in the same transaction as any write to `listing`, so with any
// number of servers no answer outlives the data it was made from; checking it is one one-row read
// (docs/decisions/009-listing-answer-cache.md).
import { jsonBody, type JsonBody } from '../http/json-answer.js'
import type { Versioned } from './listings.queries.js'

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

  return {
    /**
     * The answer to `key`: the kept one if the listings are still at its version, else what
     * `read` finds (kept in turn, unless it carries no version: nothing found, nothing to key).
     * Undefined when `read` finds nothing.
     */
    async get(key: string, read: () => Promise<Versioned<unknown>>): Promise<JsonBody | undefined> {
      const entry = kept.get(key)
      if (entry && entry.version === (await currentVersion())) {
        kept.delete(key)
        kept.set(key, entry)
        return entry.body
      }
      forget(key)
      const { value, version } = await read()
      if (value === undefined) return undefined
      const body = jsonBody(value)
      // The text, and room for its brotli and gzip forms (each well under half of it).
      if (version !== undefined) keep(key, { version, body, bytes: 2 * body.json.length })
      return body
    },

    /** How many answers are kept, and about how many bytes they take. */
    size: () => ({ answers: kept.size, bytes: keptBytes }),
  }
}

export type AnswerCache = ReturnType<typeof createAnswerCache>
