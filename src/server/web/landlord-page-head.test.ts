// A landlord's page as the server sends it: titled by their name, kept out of search engines,
// rendered from their profile and their listings on the market only; 404 for an unknown user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  type TestApp,
  type TestUser,
} from '../../../tests/support/test-app'
import { createPageHeads, type PageHead } from './page-head'

describe.each(dialects)("a landlord's page head (%s)", (dialect) => {
  let t: TestApp
  let landlord: TestUser
  let pageHead: (path: string, search?: URLSearchParams) => Promise<PageHead>
  const active: string[] = []

  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL: 'https://homes.example' })
    landlord = await createUser(t.context, { name: 'Chloé Dubois' })
    const at = Date.now()
    for (const [n, status] of (['active', 'sold', 'active', 'rented'] as const).entries()) {
      const type = status === 'sold' ? 'sale' : 'rent'
      const row = await insertListing(t.context, {
        userRef: landlord.id,
        status,
        type,
        timestamp: at - n,
      })
      if (status === 'active') active.push(row.id)
    }
    const heads = createPageHeads({
      db: t.context.db,
      media: t.context.media,
      listings: t.context.listings,
      users: t.context.users,
      publicUrl: t.context.config.publicUrl,
      chunks: () => ({ scripts: [], styles: [] }),
    })
    pageHead = (path, search) => heads(path, search)
  })
  afterAll(() => t?.close())

  it('is titled by the name, kept from search engines, without the e-mail', async () => {
    const head = await pageHead(`/users/${landlord.id}`)
    expect(head.status).toBe(200)
    expect(head.html).toContain('<title>Chloé Dubois | House Marketplace</title>')
    expect(head.html).toMatch(
      /<meta name="description" content="Homes for rent and for sale by Chloé Dubois\. Member since \w+ \d{4}\.">/,
    )
    expect(head.html).toContain('<meta name="robots" content="noindex">')
    expect(head.html).toContain(
      `<link rel="canonical" href="https://homes.example/users/${landlord.id}">`,
    )
    expect(JSON.stringify(head)).not.toContain(landlord.email)
  })

  it('is rendered from the profile and the listings on the market alone, and never kept', async () => {
    const head = await pageHead(`/users/${landlord.id}`)
    expect(head.pageData?.landlordProfile).toEqual({
      id: landlord.id,
      value: {
        id: landlord.id,
        name: 'Chloé Dubois',
        memberSince: expect.any(String),
        replies: null,
      },
    })
    const page = head.pageData?.listingPages
    expect(page?.filter).toEqual({ userRef: landlord.id, status: 'active' })
    expect(page?.page.items.map((item) => item.id)).toEqual(active)
    // The name and the reply figures change while the listings stay at their version.
    expect(head.version).toBeUndefined()
  })

  it("goes on from a 'Load More' link's cursor, and refuses one made for another list", async () => {
    const many = await createUser(t.context)
    const at = Date.now()
    const ids: string[] = []
    for (let n = 0; n < 12; n++) {
      ids.push((await insertListing(t.context, { userRef: many.id, timestamp: at - n })).id)
    }
    const first = await pageHead(`/users/${many.id}`)
    const cursor = first.pageData?.listingPages?.page.nextCursor
    expect(first.pageData?.listingPages?.page.items).toHaveLength(10)
    const next = await pageHead(`/users/${many.id}`, new URLSearchParams({ cursor: cursor! }))
    expect(next.status).toBe(200)
    expect(next.pageData?.listingPages?.page.items.map((item) => item.id)).toEqual(ids.slice(10))
    // The cursor of this landlord's list does not continue another's.
    const other = await pageHead(`/users/${landlord.id}`, new URLSearchParams({ cursor: cursor! }))
    expect(other.status).toBe(400)
  })

  it('writes a hostile name as text', async () => {
    const hostile = await createUser(t.context, { name: '</title><script>alert(1)</script>' })
    const { html } = await pageHead(`/users/${hostile.id}`)
    expect(html).toContain(
      '<title>&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62; | House Marketplace</title>',
    )
    expect(html).not.toContain('<script>alert(1)')
  })

  it('responds 404 for an unknown user and for a bad id, rendered as not found', async () => {
    for (const id of ['NoSuchUser0000000000', 'not.an.id']) {
      const head = await pageHead(`/users/${id}`)
      expect(head.status).toBe(404)
      expect(head.html).toContain('<title>Not found | House Marketplace</title>')
      expect(head.pageData?.landlordProfile).toEqual({ id, value: null })
    }
  })
})
