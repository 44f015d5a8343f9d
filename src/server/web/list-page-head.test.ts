// A list page's head, as outside validators read it: a preview card like a listing's (Open Graph
// and Twitter tags), and JSON-LD that counts the list only when the page shows all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limits } from '../../shared/listing'
import {
  createTestApp,
  createUser,
  insertListings,
  type TestApp,
} from '../../../tests/support/test-app'
import { schemaOrgProblems } from '../../../tests/support/schema-org'
import { writeClientFolder } from '../../../tests/support/client-folder'
import { createApp, type App } from '../app'

/** The content of each `<meta>` of the page, by its `property` or `name`. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>()
  for (const [, key, content] of html.matchAll(
    /<meta (?:property|name)="([^"]+)" content="([^"]*)">/g,
  )) {
    tags.set(key!, content!.replaceAll('&#38;', '&'))
  }
  return tags
}

function itemList(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)
  return JSON.parse(match![1]!) as Record<string, unknown>
}

describe('list page heads', () => {
  let test: TestApp
  let app: App
  const rentals = limits.pageSize + 3

  beforeAll(async () => {
    test = await createTestApp('sqlite', { PUBLIC_URL: 'https://homes.example' })
    app = createApp(test.context, { clientDir: await writeClientFolder(test.dataDir) })
    const owner = await createUser(test.context)
    const now = Date.now()
    await insertListings(test.context, [
      ...Array.from({ length: rentals }, (_, n) => ({
        userRef: owner.id,
        name: `Rental ${n}`,
        images: [`images/rental-${n}-house-1`],
        timestamp: now - n,
      })),
      // Two sales, newest without a photo: the card shows the first cover there is.
      { userRef: owner.id, type: 'sale' as const, name: 'Bare Plot', timestamp: now },
      {
        userRef: owner.id,
        type: 'sale' as const,
        name: 'Farmhouse',
        images: ['images/farm-house-1'],
        timestamp: now - 1,
      },
    ])
  })
  afterAll(() => test?.close())

  const html = async (url: string) => (await app.request(url)).text()

  it.each([
    ['/', 'https://homes.example/', 'Rental 0'],
    ['/offers', 'https://homes.example/offers', undefined],
    ['/category/rent', 'https://homes.example/category/rent', 'Rental 0'],
    ['/category/sale', 'https://homes.example/category/sale', 'Farmhouse'],
    ['/search?type=rent&utm_source=x', 'https://homes.example/search?type=rent', 'Rental 0'],
  ])('gives %s a preview card', async (url, canonical, coverName) => {
    const tags = metaTags(await html(url))
    expect(tags.get('og:type')).toBe('website')
    expect(tags.get('og:site_name')).toBe('House Marketplace')
    expect(tags.get('og:url')).toBe(canonical)
    expect(tags.get('og:title')).toMatch(/House Marketplace/)
    expect(tags.get('og:description')).toBe(tags.get('description'))
    expect(tags.get('twitter:title')).toBe(tags.get('og:title'))
    expect(tags.get('twitter:description')).toBe(tags.get('description'))
    if (coverName) {
      expect(tags.get('twitter:card')).toBe('summary_large_image')
      expect(tags.get('og:image')).toMatch(/^https:\/\/homes\.example\/share-images\//)
      expect(tags.get('og:image:alt')).toBe(`${coverName}, photo 1`)
    } else {
      expect(tags.get('twitter:card')).toBe('summary')
      expect(tags.has('og:image')).toBe(false)
    }
  })

  it('counts a list in its JSON-LD only when the page holds all of it', async () => {
    const rent = itemList(await html('/category/rent'))
    expect(rent.itemListElement).toHaveLength(limits.pageSize)
    expect(rent).not.toHaveProperty('numberOfItems')
    expect(schemaOrgProblems(rent)).toEqual([])

    const sale = itemList(await html('/category/sale'))
    expect(sale).toMatchObject({ numberOfItems: 2 })
    expect(sale.itemListElement).toHaveLength(2)
    expect(schemaOrgProblems(sale)).toEqual([])
  })
})
