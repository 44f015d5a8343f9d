// The sitemaps protocol's two documents (sitemaps.org 0.9): an index of sitemaps, and a sitemap's
// set of URLs. Every value is escaped; numeric references are XML's as much as HTML's.
import { escapeHtml } from '../lib/escape.js'

const namespace = 'http://www.sitemaps.org/schemas/sitemap/0.9'

export interface SitemapEntry {
  /** an absolute URL */
  loc: string
  /** milliseconds since the epoch */
  lastmod?: number
}

/** `<sitemapindex>` naming each sitemap. */
export function sitemapIndexXml(sitemaps: SitemapEntry[]): string {
  return document('sitemapindex', 'sitemap', sitemaps)
}

/** `<urlset>` of the pages to crawl. */
export function urlSetXml(urls: SitemapEntry[]): string {
  return document('urlset', 'url', urls)
}

function document(root: string, element: string, entries: SitemapEntry[]): string {
  const lines = [`<?xml version="1.0" encoding="UTF-8"?>`, `<${root} xmlns="${namespace}">`]
  for (const { loc, lastmod } of entries) {
    // W3C datetime: ISO 8601 in UTC.
    const modified =
      lastmod === undefined ? '' : `<lastmod>${new Date(lastmod).toISOString()}</lastmod>`
    lines.push(`<${element}><loc>${escapeHtml(loc)}</loc>${modified}</${element}>`)
  }
  lines.push(`</${root}>`, '')
  return lines.join('\n')
}
