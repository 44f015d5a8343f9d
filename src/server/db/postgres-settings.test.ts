// The app's PostgreSQL connections compile no statement to machine code: a search's counts are
// priced above `jit_above_cost` and spent longer compiling than running (decision 053).
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, dialects, type TestApp } from '../../../tests/support/test-app'

describe.runIf(dialects.includes('postgres'))('the PostgreSQL connections', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('postgres')
  })
  afterAll(() => t?.close())

  it('have JIT compiling off, on every connection of the pool', async () => {
    // Ten at once, so the pool opens several connections.
    const settings = await Promise.all(
      Array.from({ length: 10 }, () =>
        sql<{ jit: string }>`select current_setting('jit') as jit, pg_sleep(0.05)`.execute(
          t.context.db.kysely,
        ),
      ),
    )
    expect(settings.map(({ rows }) => rows[0]!.jit)).toEqual(Array(10).fill('off'))
    // PostgreSQL's own default is on: the connection's start sets it off.
    const { rows } = await sql<{ boot_val: string; reset_val: string }>`
      select boot_val, reset_val from pg_settings where name = 'jit'`.execute(t.context.db.kysely)
    expect(rows[0]).toEqual({ boot_val: 'on', reset_val: 'off' })
  })
})
