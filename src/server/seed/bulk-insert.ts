// Writes many users and listings straight to their tables, a batch of rows per statement: the
// seed with shared photos and the benchmark fill a million listings this way in minutes.
import { sql, type Kysely } from 'kysely'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'
import { newId } from '../ids.js'
import type { ListingRow } from '../listings/listings.queries.js'
import { priceHistoryRow } from '../listings/price-history.queries.js'
import { descriptionWords, searchWords } from '../listings/search-words.js'
import { placeOfPoint } from '../places/place-ties.js'
import { ensurePlaces, type PlaceRow } from '../places/places.queries.js'
import { withIndexesBuiltAfter } from './indexes-built-after.js'

/** The tables whose indexes a load builds afterwards (decision 052). */
const tablesIndexedAfter = ['listing', 'listing_word']

/**
 * Rows per statement. A listing row binds up to 25 values (19, and the facts and the
 * description's words), so a batch binds 25,000: under SQLite's limit of 32,766 per statement and
 * PostgreSQL's of 65,535.
 */
export const batchSize = 1_000

/**
 * Inserts `count` listings, `rowAt(n)` making listing number n, in the order of n. Each row is
 * written as `listings.insert` writes it (search words, booleans as the database binds them, the
 * price history's first entry at its timestamp);
 * the database's own triggers then fill the text index, the map's cell counts and the rest. A
 * row without `placeId` is tied to the city nearest its point, as a listing write ties it. The
 * listings' and the word table's indexes are built after the load: always on SQLite, and into an
 * empty table on PostgreSQL.
 */
export async function insertListingRows(
  db: Db,
  count: number,
  rowAt: (n: number) => ListingRow,
): Promise<void> {
  const placed = new Set<number>()
  const insertAll = async (into: Kysely<Database>) => {
    for (let start = 0; start < count; start += batchSize) {
      const rows = []
      const firstPrices = []
      const newPlaces: PlaceRow[] = []
      for (let n = start; n < Math.min(count, start + batchSize); n++) {
        const row = rowAt(n)
        let placeId = row.placeId
        if (placeId === undefined) {
          const place = placeOfPoint(row)
          placeId = place?.id ?? null
          if (place && !placed.has(place.id)) {
            placed.add(place.id)
            newPlaces.push(place)
          }
        }
        rows.push({
          ...row,
          placeId,
          words: searchWords(row),
          // Every row of a batch names the same columns: the facts left out are none.
          description: row.description ?? '',
          descriptionWords: descriptionWords(row.description ?? ''),
          homeType: row.homeType ?? null,
          floorArea: row.floorArea ?? null,
          availableFrom: row.availableFrom ?? null,
          parking: db.bool(row.parking),
          furnished: db.bool(row.furnished),
          offer: db.bool(row.offer),
          petsAllowed: row.petsAllowed == null ? null : db.bool(row.petsAllowed),
        })
        firstPrices.push(priceHistoryRow(db, row.id, row, row.timestamp))
      }
      // Before the listings: the count triggers find their places' rows made.
      await ensurePlaces(into, newPlaces)
      await into.insertInto('listing').values(rows).execute()
      await into.insertInto('listing_price_history').values(firstPrices).execute()
    }
  }
  // PostgreSQL commits batch by batch: inside one transaction, each update of a map cell's count
  // (a trigger) leaves a row version nothing can prune before the commit, and the next update of
  // that cell reads past all of them. SQLite keeps no such versions, so one transaction spares it
  // a commit per batch, and a page cache of up to 2 GiB (this connection's only, and only as the
  // file grows) keeps most of a million listings' indexes in memory.
  if (db.dialect === 'postgres') {
    // Its drops commit at once: a table that holds listings keeps its indexes, for a server may
    // be searching it meanwhile.
    const empty = !(await db.kysely.selectFrom('listing').select('id').limit(1).executeTakeFirst())
    if (!empty) return insertAll(db.kysely)
    return withIndexesBuiltAfter(db, db.kysely, tablesIndexedAfter, () => insertAll(db.kysely))
  }
  await db.kysely.transaction().execute(async (trx) => {
    await sql`pragma cache_size = -2097152`.execute(trx)
    // Other connections see the indexes as they were until this transaction commits.
    await withIndexesBuiltAfter(db, trx, tablesIndexedAfter, () => insertAll(trx))
  })
}

/**
 * After a bulk load: PostgreSQL's autovacuum would gather the planner's statistics within a minute;
 * this does it now, so that the first searches do not depend on when that happens. (SQLite has no
 * such daemon and the app does not run ANALYZE: its planner works without statistics, as in
 * production.)
 */
export async function updatePlannerStatistics(db: Db): Promise<void> {
  if (db.dialect === 'postgres') await sql`ANALYZE`.execute(db.kysely)
}

export interface NewUser {
  name: string
  email: string
}

/**
 * Inserts verified users, in batches; returns their ids in the same order. With `passwordHash`
 * (Better Auth's hash of one password, made once: hashing is slow on purpose), each gets the
 * credential account Better Auth's sign-up makes, so they sign in with that password.
 */
export async function insertUserRows(
  db: Db,
  users: NewUser[],
  passwordHash?: string,
): Promise<string[]> {
  const now = new Date().toISOString()
  const ids = users.map(() => newId(32))
  for (let start = 0; start < users.length; start += batchSize) {
    const batch = users.slice(start, start + batchSize).map((user, k) => ({
      id: ids[start + k]!,
      name: user.name,
      email: user.email.toLowerCase(),
      emailVerified: db.bool(true),
      image: null,
      createdAt: now,
      updatedAt: now,
    }))
    await db.kysely.insertInto('user').values(batch).execute()
    if (passwordHash === undefined) continue
    // Better Auth owns `account`: it is not in our table types.
    await (db.kysely as unknown as Kysely<{ account: CredentialAccount }>)
      .insertInto('account')
      .values(
        batch.map((user) => ({
          id: newId(32),
          accountId: user.id,
          providerId: 'credential',
          userId: user.id,
          password: passwordHash,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute()
  }
  return ids
}

/** The columns of Better Auth's `account` that an e-mail and password sign-up fills. */
interface CredentialAccount {
  id: string
  accountId: string
  providerId: string
  userId: string
  password: string
  createdAt: string
  updatedAt: string
}
