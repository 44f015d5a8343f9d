// Table types for Kysely. Better Auth owns `user`, `session`, `account`, `verification`.
import type { ColumnType, Generated } from 'kysely'

/** SQLite stores booleans as 0/1, PostgreSQL as booleans: read either; write with Db.bool(). */
export type DbBoolean = ColumnType<boolean | number, boolean | number, boolean | number>

export interface UserTable {
  id: string
  name: string
  email: string
  emailVerified: DbBoolean
  image: string | null
  createdAt: ColumnType<Date | string, Date | string, Date | string>
  updatedAt: ColumnType<Date | string, Date | string, Date | string>
}

export interface ListingTable {
  id: string
  userRef: string
  type: 'rent' | 'sale'
  name: string
  bedrooms: number
  bathrooms: number
  parking: DbBoolean
  furnished: DbBoolean
  location: string
  offer: DbBoolean
  regularPrice: number
  discountedPrice: number | null
  /** JSON array of media keys, cover first */
  images: string
  lat: number
  lng: number
  /** milliseconds since the epoch; with `id` it orders every list */
  timestamp: number
}

export interface MigrationMarker {
  name: Generated<string>
}

export interface Database {
  user: UserTable
  listing: ListingTable
}
