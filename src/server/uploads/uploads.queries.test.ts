// The upload queries' plans: a lookup by image folder reads an index, not every upload; tus' lock
// on an upload is its row, found by the primary key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { createTestApp, dialects, type TestApp } from '../../../tests/support/test-app'
import { renewLockQuery, takeLockQuery, uploadsOfImagesQuery } from './uploads.queries'

describe.each(dialects)('upload query plans on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(() => t.close())

  it("finds a listing's uploads by their image folders through upload_image_key", async () => {
    const plan = await queryPlan(t.context.db, (trx) =>
      uploadsOfImagesQuery(trx, ['images/a-1', 'images/b-2']),
    )
    expect(plan.join('\n')).toContain('upload_image_key')
    expect(scansTable(plan, 'upload'), plan.join('\n')).toBe(false)
  })

  it.each([
    ['takes', takeLockQuery],
    ['renews', renewLockQuery],
  ] as const)("%s an upload's lock through its primary key", async (_, query) => {
    const lock = { id: 'upload-1', holder: 'request-1', now: 1, expiresAt: 2 }
    const plan = await queryPlan(t.context.db, (trx) => query(trx, lock))
    expect(scansTable(plan, 'upload'), plan.join('\n')).toBe(false)
  })
})
