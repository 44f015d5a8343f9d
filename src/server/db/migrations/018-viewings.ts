// Migration 018: the times owners open their homes to visitors, and the bookings of them.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // `booked` counts the slot's bookings. A booking raises it with one conditional update
  // (`booked < capacity`), and the check keeps it there whatever a future statement does.
  await db.schema
    .createTable('viewing_slot')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('listingId', 'varchar(64)', (col) =>
      col.notNull().references('listing.id').onDelete('cascade'),
    )
    /** milliseconds since the epoch */
    .addColumn('start', 'bigint', (col) => col.notNull())
    .addColumn('minutes', 'integer', (col) => col.notNull())
    .addColumn('capacity', 'integer', (col) => col.notNull())
    .addColumn('booked', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint('viewing_slot_booked', sql`"booked" >= 0 and "booked" <= "capacity"`)
    .execute()
  // A listing's slots in time order.
  await db.schema
    .createIndex('viewing_slot_listing_start')
    .on('viewing_slot')
    .columns(['listingId', 'start'])
    .execute()

  // The listing, its owner and the start are copied from the slot (a booked slot never changes),
  // so that each person's list of bookings is one index range.
  await db.schema
    .createTable('viewing_booking')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('slotId', 'varchar(64)', (col) =>
      col.notNull().references('viewing_slot.id').onDelete('cascade'),
    )
    .addColumn('bookerId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('listingId', 'varchar(64)', (col) =>
      col.notNull().references('listing.id').onDelete('cascade'),
    )
    .addColumn('ownerId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('start', 'bigint', (col) => col.notNull())
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('viewing_booking_slot_booker', ['slotId', 'bookerId'])
    .execute()
  await db.schema
    .createIndex('viewing_booking_booker_start')
    .on('viewing_booking')
    .columns(['bookerId', 'start'])
    .execute()
  await db.schema
    .createIndex('viewing_booking_owner_start')
    .on('viewing_booking')
    .columns(['ownerId', 'start'])
    .execute()
  // Closing a listing cancels its future bookings.
  await db.schema
    .createIndex('viewing_booking_listing_start')
    .on('viewing_booking')
    .columns(['listingId', 'start'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('viewing_booking').execute()
  await db.schema.dropTable('viewing_slot').execute()
}
