// The sitemap documents escape what they carry and are valid against the sitemaps.org schemas;
// the validator itself refuses what the protocol refuses (so a valid result means something).
import { describe, expect, it } from 'vitest'
import { sitemapSchemaErrors } from '../../../tests/support/sitemap-schema'
import { sitemapIndexXml, urlSetXml } from './sitemap-xml'

describe('sitemap XML', () => {
  it('escapes every value and dates in W3C datetime', async () => {
    const xml = urlSetXml([
      {
        loc: `https://homes.example/search?type=rent&q=<a>'"`,
        lastmod: Date.UTC(2025, 0, 2, 3, 4),
      },
      { loc: 'https://homes.example/' },
    ])
    expect(xml).toContain(
      '<loc>https://homes.example/search?type=rent&#38;q=&#60;a&#62;&#39;&#34;</loc>' +
        '<lastmod>2025-01-02T03:04:00.000Z</lastmod>',
    )
    expect(xml).toContain('<url><loc>https://homes.example/</loc></url>')
    expect(await sitemapSchemaErrors(xml, 'urlset')).toEqual([])

    const index = sitemapIndexXml([{ loc: 'https://homes.example/sitemaps/listings-1.xml' }])
    expect(await sitemapSchemaErrors(index, 'sitemapindex')).toEqual([])
  })

  it('is checked by a validator that refuses an empty sitemap and a date of no format', async () => {
    expect(await sitemapSchemaErrors(urlSetXml([]), 'urlset')).not.toEqual([])
    expect(await sitemapSchemaErrors(sitemapIndexXml([]), 'sitemapindex')).not.toEqual([])
    const undated = urlSetXml([{ loc: 'https://homes.example/' }]).replace(
      '</loc>',
      '</loc><lastmod>yesterday</lastmod>',
    )
    expect(await sitemapSchemaErrors(undated, 'urlset')).not.toEqual([])
    // A sitemap is not an index.
    expect(
      await sitemapSchemaErrors(urlSetXml([{ loc: 'https://homes.example/' }]), 'sitemapindex'),
    ).not.toEqual([])
  })
})
