// Reads and writes of the `saved_search` table; rows become the API's SavedSearch here and nowhere
// else. Creating and changing a saved search are one function each, so that whatever must happen
// with them (the alerts' bookkeeping) happens in their transaction.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely'
import { limits } from '../../shared/listing.js'
import type { ListingSearch } from '../../shared/listing-query.js'
import {
  savedSearchLimits,
  savedSearchQuery,
  type AlertFrequency,
  type SavedSearch,
} from '../../shared/saved-search.js'
import { savedSearchQuerySchema } from '../../shared/saved-search-schema.js'
import { searchSummary } from '../../shared/search-summary.js'
import { searchPlace } from './search-place.js'
import type { Db } from '../db/database.js'
import type { Database, SavedSearchTable } from '../db/schema.js'
import { newId } from '../ids.js'

export interface SavedSearchInput {
  /** blank or absent: the summary of the search */
  name?: string
  query: ListingSearch
  alerts: AlertFrequency
}

export type SavedSearchChangeInput = Partial<SavedSearchInput>

/** An expected error, sent as `{ error }` with its status (and the saved search it names). */
export class SavedSearchError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly id?: string,
  ) {
    super(message)
  }
}

export const savedSearchNotFound = 'Saved search not found'
export const alreadySaved = 'You already saved this search'
export const tooManySavedSearches = `You can keep at most ${savedSearchLimits.perUser} saved searches: delete one to save another`

/**
 * A price bound for the matching index. The column is a 32-bit integer and a search may ask for up
 * to 10 digits; no listing costs more than the price limit, so any bound above it finds the same
 * homes as the limit plus one does.
 */
const priceColumn = (bound: number | undefined) =>
  bound === undefined ? null : Math.min(bound, limits.price.max + 1)

/**
 * The columns a search sets: its query and what is copied out of it for the alerts' matching, its
 * place key among them; and the grid cells of its map box (search-place.ts).
 */
function searchColumns({ filter, sort }: ListingSearch) {
  const { placeKind, placeWord, cells } = searchPlace(filter)
  return {
    columns: {
      query: JSON.stringify(savedSearchQuery({ filter, sort })),
      type: filter.type ?? null,
      minPrice: priceColumn(filter.minPrice),
      maxPrice: priceColumn(filter.maxPrice),
      placeKind,
      placeWord,
    },
    cells,
  }
}

type SearchColumns = ReturnType<typeof searchColumns>

const nameOf = (name: string | undefined, { filter, sort }: ListingSearch) =>
  name || searchSummary(filter, sort)

/** What the API shows of a row; the alerts' own columns stay on the server. */
type ShownRow = Pick<Selectable<SavedSearchTable>, 'id' | 'name' | 'query' | 'alerts' | 'createdAt'>

export function toSavedSearch(row: ShownRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: JSON.parse(row.query) as Record<string, string>,
    alerts: row.alerts,
    createdAt: new Date(Number(row.createdAt)).toISOString(),
  }
}

/** The statements, on the database or inside a transaction; their plans are tested. */
export function savedSearchStatements(kysely: Kysely<Database>) {
  return {
    /** The user's saved searches, newest first. */
    ownedBy(userId: string) {
      return kysely
        .selectFrom('saved_search')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
    },

    /** How many the user keeps, and when the newest was made (0 without any). */
    tally(userId: string) {
      return kysely
        .selectFrom('saved_search')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.max('createdAt').as('newest'),
        ])
        .where('userId', '=', userId)
    },

    /** The user's saved search of this id; another's is none. */
    owned(id: string, userId: string) {
      return kysely
        .selectFrom('saved_search')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
    },

    /** The user's saved search of this query (in its canonical text), if any. */
    sameQuery(userId: string, query: string) {
      return kysely
        .selectFrom('saved_search')
        .select('id')
        .where('userId', '=', userId)
        .where('query', '=', query)
    },

    /** Sets a saved search's columns. */
    change(id: string, values: Updateable<SavedSearchTable>) {
      return kysely.updateTable('saved_search').set(values).where('id', '=', id)
    },

    /** Removes the user's saved search of this id; another's stays. */
    remove(id: string, userId: string) {
      return kysely.deleteFrom('saved_search').where('id', '=', id).where('userId', '=', userId)
    },

    /** Sets the grid cells of a search's box, with its type and price bounds, in place of its old. */
    async placeCells(id: string, { columns, cells }: SearchColumns) {
      await kysely.deleteFrom('saved_search_cell').where('savedSearchId', '=', id).execute()
      if (cells.length === 0) return
      const { type, minPrice, maxPrice } = columns
      await kysely
        .insertInto('saved_search_cell')
        .values(cells.map((cell) => ({ savedSearchId: id, cell, type, minPrice, maxPrice })))
        .execute()
    },

    /** The user's row, locked until the transaction ends: one saved search is made at a time. */
    lockUser(userId: string) {
      return kysely.selectFrom('user').select('id').where('id', '=', userId).forUpdate()
    },
  }
}

/** The stored search, read back as the body schemas give it. */
const storedSearch = (row: Pick<Selectable<SavedSearchTable>, 'query'>): ListingSearch =>
  savedSearchQuerySchema.parse(JSON.parse(row.query))

/**
 * A stored query read with the same parser, for the alerts' matching: one that does not parse
 * (written by hand, say) matches nothing rather than failing the listing's matching.
 */
export function readStoredSearch(query: string): ListingSearch | undefined {
  let json: unknown
  try {
    json = JSON.parse(query)
  } catch {
    return undefined
  }
  const parsed = savedSearchQuerySchema.safeParse(json)
  return parsed.success ? parsed.data : undefined
}

export function createSavedSearchQueries(db: Db) {
  return {
    async list(userId: string): Promise<SavedSearch[]> {
      const rows = await savedSearchStatements(db.kysely).ownedBy(userId).execute()
      return rows.map(toSavedSearch)
    },

    async get(id: string, userId: string): Promise<SavedSearch | undefined> {
      const row = await savedSearchStatements(db.kysely).owned(id, userId).executeTakeFirst()
      return row && toSavedSearch(row)
    },

    /**
     * At most `perUser` each, and one of each search (two would mail each alert twice), checked
     * under a lock (SQLite's transactions write one at a time).
     */
    async create(userId: string, input: SavedSearchInput): Promise<SavedSearch> {
      return db.kysely.transaction().execute(async (trx) => {
        const queries = savedSearchStatements(trx)
        if (db.dialect === 'postgres') await queries.lockUser(userId).execute()
        const search = searchColumns(input.query)
        const same = await queries.sameQuery(userId, search.columns.query).executeTakeFirst()
        if (same) throw new SavedSearchError(409, alreadySaved, same.id)
        const { count, newest } = (await queries.tally(userId).executeTakeFirst())!
        if (Number(count) >= savedSearchLimits.perUser) {
          throw new SavedSearchError(400, tooManySavedSearches)
        }
        const row = {
          id: newId(),
          userId,
          name: nameOf(input.name, input.query),
          alerts: input.alerts,
          // Later than the user's newest, so that newest first is the order they were made in.
          createdAt: Math.max(Date.now(), Number(newest ?? 0) + 1),
          ...search.columns,
        } satisfies Insertable<SavedSearchTable>
        await trx.insertInto('saved_search').values(row).execute()
        await queries.placeCells(row.id, search)
        return toSavedSearch(row)
      })
    },

    /** Only the user's own; a blank name is the summary of the (new) search. */
    async update(id: string, userId: string, change: SavedSearchChangeInput): Promise<SavedSearch> {
      return db.kysely.transaction().execute(async (trx) => {
        const queries = savedSearchStatements(trx)
        const owned = queries.owned(id, userId)
        const stored = await (
          db.dialect === 'postgres' ? owned.forUpdate() : owned
        ).executeTakeFirst()
        if (!stored) throw new SavedSearchError(404, savedSearchNotFound)
        const changed = { ...stored }
        const search = change.query && searchColumns(change.query)
        if (search) Object.assign(changed, search.columns)
        if (change.alerts) changed.alerts = change.alerts
        if (change.name !== undefined) {
          changed.name = nameOf(change.name, change.query ?? storedSearch(stored))
        }
        const { name, query, alerts, type, minPrice, maxPrice, placeKind, placeWord } = changed
        await queries
          .change(id, { name, query, alerts, type, minPrice, maxPrice, placeKind, placeWord })
          .execute()
        if (search) await queries.placeCells(id, search)
        return toSavedSearch(changed)
      })
    },

    /** Whether the user had it. */
    async delete(id: string, userId: string): Promise<boolean> {
      const result = await savedSearchStatements(db.kysely).remove(id, userId).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
  }
}

export type SavedSearchQueries = ReturnType<typeof createSavedSearchQueries>

export const savedSearchByIdQuery = (kysely: Kysely<Database>, id: string) =>
  kysely
    .selectFrom('saved_search')
    .select(['name', 'query', 'alerts', 'userId'])
    .where('id', '=', id)

/** A saved search by its id alone, for its alert mails and their unsubscribe page. */
export function findSavedSearch({ kysely }: Db, id: string) {
  return savedSearchByIdQuery(kysely, id).executeTakeFirst()
}

/** Turns a saved search's alerts off; its name, or undefined when it was deleted. */
export async function turnAlertsOff({ kysely }: Db, id: string): Promise<string | undefined> {
  const row = await kysely
    .updateTable('saved_search')
    .set({ alerts: 'off' })
    .where('id', '=', id)
    .returning('name')
    .executeTakeFirst()
  return row?.name
}
