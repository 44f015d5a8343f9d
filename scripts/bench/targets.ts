// What the benchmark requests, as a browser would ask for it, chosen from the seeded rows.
import { limits } from '../../src/shared/listing.js'
import type { Db } from '../../src/server/db/database.js'
import { encodeCursor, filterFingerprint } from '../../src/server/listings/cursor.js'

export type TargetName =
  'first' | 'deep' | 'offer' | 'detail' | 'html' | 'first-uncached' | 'deep-uncached'

export interface Target {
  name: TargetName
  path: string
  headers: Record<string, string>
  /**
   * Each request asks a query of its own (`&n=1`, `&n=2`…, a parameter the API ignores), so no
   * response is ever cached for it (decision 009): what reading a page from the database costs.
   */
  uncached?: boolean
}

/** The page the deep-cursor target asks for, when the rent list is that long. */
export const deepPage = 500

const jsonHeaders = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' }
const htmlHeaders = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }

export interface ChosenTargets {
  targets: Target[]
  /** the page `deep` asks for: `deepPage`, or the last full page of a shorter rent list */
  deepPageReached: number
}

export async function chooseTargets(db: Db): Promise<ChosenTargets> {
  const pageSize = limits.pageSize
  const rentCount = await countListings(db, 'rent')
  // The cursor of page p is the key of the last listing of page p - 1.
  const skipped = Math.min(
    (deepPage - 1) * pageSize,
    (Math.floor(rentCount / pageSize) - 1) * pageSize,
  )
  if (skipped < pageSize) throw new Error('Too few rent listings for a deep page')
  const beforeDeep = await db.kysely
    .selectFrom('listing')
    .select(['timestamp', 'id'])
    .where('type', '=', 'rent')
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .offset(skipped - 1)
    .limit(1)
    .executeTakeFirstOrThrow()
  const middle = await db.kysely
    .selectFrom('listing')
    .select('id')
    .orderBy('timestamp', 'desc')
    .offset(Math.floor((await countListings(db)) / 2))
    .limit(1)
    .executeTakeFirstOrThrow()

  const first = '/api/listings?type=rent'
  const cursor = encodeCursor({
    sort: 'newest',
    after: { value: beforeDeep.timestamp, id: beforeDeep.id },
    filters: filterFingerprint([['type', 'rent']]),
  })
  const deep = `/api/listings?type=rent&cursor=${cursor}`
  return {
    deepPageReached: skipped / pageSize + 1,
    targets: [
      { name: 'first', path: first, headers: jsonHeaders },
      { name: 'deep', path: deep, headers: jsonHeaders },
      { name: 'first-uncached', path: first, headers: jsonHeaders, uncached: true },
      { name: 'deep-uncached', path: deep, headers: jsonHeaders, uncached: true },
      { name: 'offer', path: '/api/listings?offer=true', headers: jsonHeaders },
      { name: 'detail', path: `/api/listings/${middle.id}`, headers: jsonHeaders },
      { name: 'html', path: '/', headers: htmlHeaders },
    ],
  }
}

async function countListings(db: Db, type?: 'rent' | 'sale'): Promise<number> {
  let query = db.kysely.selectFrom('listing').select((eb) => eb.fn.countAll<number>().as('count'))
  if (type) query = query.where('type', '=', type)
  return Number((await query.executeTakeFirstOrThrow()).count)
}
