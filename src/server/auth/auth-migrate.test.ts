// A restart runs Better Auth's schema check again on tables it made itself: the log stays quiet.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, dialects, type TestApp } from '../../../tests/support/test-app'
import { migrate } from '../db/migrate'

describe.each(dialects)('migrating an existing database on %s', (dialect) => {
  let t: TestApp | undefined

  afterEach(async () => {
    vi.restoreAllMocks()
    await t?.close()
  })

  it('logs no warning, as at every restart', async () => {
    t = await createTestApp(dialect)
    const warn = vi.spyOn(console, 'warn')
    await migrate(t.context.db, t.context.auth)
    expect(warn).not.toHaveBeenCalled()
  })
})
