// A list read to its end, as 'Load More' reads it: each page's nextCursor fetches the next page.
import { expect } from 'vitest'
import type { App } from '../../src/server/app'
import type { ListingPage } from '../../src/shared/listing'
import { requestJson } from './test-app'

/**
 * Every page of `path` (a list URL with its query, without a cursor), the last one empty; `init`
 * for a signed-in list (its Cookie header).
 */
export async function readAllPages(
  app: App,
  path: string,
  maxPages = 100,
  init?: RequestInit,
): Promise<ListingPage[]> {
  const pages: ListingPage[] = []
  let cursor: string | null = null
  for (let page = 0; page < maxPages; page++) {
    const url: string = cursor ? `${path}&cursor=${cursor}` : path
    const { status, body } = await requestJson<ListingPage>(app, url, init)
    expect(status, url).toBe(200)
    pages.push(body)
    if (body.nextCursor === null) return pages
    cursor = body.nextCursor
  }
  throw new Error(`${path} did not end within ${maxPages} pages`)
}
