// Saved searches made directly in the database, as the saved-search API stores them: the query's
// parameters as strings, its type, price bounds and place key copied out for the alerts' indexes.
import type { AppContext } from '../../src/server/app'
import { newId } from '../../src/server/ids'
import { searchPlace } from '../../src/server/saved-searches/search-place'
import { listingFilterSchema } from '../../src/shared/listing-query-schema'
import type { AlertFrequency } from '../../src/shared/saved-search'

export interface SavedSearchFields {
  userId: string
  query: Record<string, string>
  alerts?: AlertFrequency
  name?: string
  createdAt?: number
}

export async function insertSavedSearch(
  context: Pick<AppContext, 'db'>,
  fields: SavedSearchFields,
): Promise<{ id: string; name: string }> {
  const { query } = fields
  const bound = (value: string | undefined) => (value === undefined ? null : Number(value))
  const row = {
    id: newId(),
    userId: fields.userId,
    name: fields.name ?? 'Homes I want',
    query: JSON.stringify(query),
    alerts: fields.alerts ?? 'instant',
    createdAt: fields.createdAt ?? Date.now(),
    type: query.type === 'rent' || query.type === 'sale' ? (query.type as 'rent' | 'sale') : null,
    minPrice: bound(query.minPrice),
    maxPrice: bound(query.maxPrice),
  }
  const parsed = listingFilterSchema.safeParse(query)
  const { placeKind, placeWord, cells } = searchPlace(parsed.success ? parsed.data : {})
  await context.db.kysely
    .insertInto('saved_search')
    .values({ ...row, placeKind, placeWord })
    .execute()
  if (cells.length > 0) {
    const { type, minPrice, maxPrice } = row
    await context.db.kysely
      .insertInto('saved_search_cell')
      .values(cells.map((cell) => ({ savedSearchId: row.id, cell, type, minPrice, maxPrice })))
      .execute()
  }
  return { id: row.id, name: row.name }
}
