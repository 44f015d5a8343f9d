// The upload queries' plans: a lookup by image folder reads an index, not every upload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { createTestApp, dialects, type TestApp } from '../../../tests/support/test-app'
import { uploadsOfImagesQuery } from './uploads.queries'

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
})
