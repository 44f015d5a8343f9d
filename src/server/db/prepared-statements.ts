// PostgreSQL statements prepared once per connection and kept, for the reads a page repeats most.
// Kysely sends every query as new text, which PostgreSQL parses and plans each time: for the
// conversation reads that was about as much CPU as running them (docs/performance.md, "Messaging").
import crypto from 'node:crypto'
import { sql } from 'kysely'
import type { PostgresPool, PostgresPoolClient } from 'kysely'
import type pg from 'pg'

const marker = '/* prepared */'

/**
 * Put in front of a select's columns (`.modifyFront(prepared)`): on PostgreSQL the statement is
 * then prepared under a name made from its text, on each connection the first time it runs there.
 * SQLite keeps every statement prepared already (statement-cache.ts), and reads it as a comment.
 */
export const prepared = sql.raw(marker)

/** The pool for Kysely, its clients sending marked statements by name. */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect()
      // The same text is the same name on every connection: pg prepares it where it is new.
      const query = (text: unknown, values?: unknown[]) =>
        typeof text === 'string' && text.includes(marker)
          ? client.query({ name: statementName(text), text, values })
          : client.query(text as string, values)
      return { query, release: () => client.release() } as unknown as PostgresPoolClient
    },
    end: () => pool.end(),
  }
}

const statementName = (text: string) =>
  `q${crypto.createHash('sha256').update(text).digest('base64url').slice(0, 24)}`
