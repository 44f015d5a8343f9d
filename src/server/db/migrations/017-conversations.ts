// Migration 017: conversations between a listing's owner and the people who ask about it, and the
// contact preferences.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // One conversation per asker and listing; the owner is copied from the listing, which never
  // changes hands, so that access checks read this row alone.
  await db.schema
    .createTable('conversation')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('listingId', 'varchar(64)', (col) =>
      col.notNull().references('listing.id').onDelete('cascade'),
    )
    .addColumn('askerId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('ownerId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('createdAt', 'bigint', (col) => col.notNull())
    .addColumn('lastMessageId', 'varchar(64)', (col) => col.notNull())
    /** the owner's first message: the landlord page's reply share and reply time */
    .addColumn('firstReplyAt', 'bigint')
    .addUniqueConstraint('conversation_listing_asker', ['listingId', 'askerId'])
    .execute()
  // The landlord page reads an owner's conversations of the last 90 days.
  await db.schema
    .createIndex('conversation_owner_created')
    .on('conversation')
    .columns(['ownerId', 'createdAt'])
    .execute()
  // A user's deletion cascades to the conversations they asked in.
  await db.schema.createIndex('conversation_asker').on('conversation').column('askerId').execute()

  await db.schema
    .createTable('message')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('conversationId', 'varchar(64)', (col) =>
      col.notNull().references('conversation.id').onDelete('cascade'),
    )
    .addColumn('senderId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    /** the sender's own id for the message: sending it again stores nothing new */
    .addColumn('clientId', 'varchar(64)')
    .addUniqueConstraint('message_sender_client', ['senderId', 'clientId'])
    .execute()
  // A conversation's newest messages, and older ones before a message (keyset on at, id).
  await db.schema
    .createIndex('message_conversation_at')
    .on('message')
    .columns(['conversationId', 'at', 'id'])
    .execute()
  // The 200-an-hour limit counts a sender's recent messages.
  await db.schema
    .createIndex('message_sender_at')
    .on('message')
    .columns(['senderId', 'at'])
    .execute()

  // Each participant's side of a conversation: where it sorts in their inbox, how many messages
  // they have not read, and whether they were mailed about them.
  await db.schema
    .createTable('conversation_member')
    .addColumn('conversationId', 'varchar(64)', (col) =>
      col.notNull().references('conversation.id').onDelete('cascade'),
    )
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('lastMessageAt', 'bigint', (col) => col.notNull())
    .addColumn('unread', 'integer', (col) => col.notNull().defaultTo(0))
    /** the first message they have not read, when they have one */
    .addColumn('unreadSince', 'bigint')
    /** when they were mailed about their unread messages; cleared when they read them */
    .addColumn('mailedAt', 'bigint')
    .addPrimaryKeyConstraint('conversation_member_pk', ['conversationId', 'userId'])
    .execute()
  // The inbox: a user's conversations, latest message first (keyset on lastMessageAt, id).
  await db.schema
    .createIndex('conversation_member_inbox')
    .on('conversation_member')
    .columns(['userId', 'lastMessageAt', 'conversationId'])
    .execute()
  // The unread count reads only the conversations with something unread.
  await db.schema
    .createIndex('conversation_member_unread')
    .on('conversation_member')
    .column('userId')
    .where(sql.ref('unread'), '>', 0)
    .execute()

  // What a person chose about being contacted; no row is the defaults (both on).
  await db.schema
    .createTable('contact_preference')
    .addColumn('userId', 'text', (col) =>
      col.primaryKey().references('user.id').onDelete('cascade'),
    )
    .addColumn('showEmail', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('messageMails', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_preference').execute()
  await db.schema.dropTable('conversation_member').execute()
  await db.schema.dropTable('message').execute()
  await db.schema.dropTable('conversation').execute()
}
