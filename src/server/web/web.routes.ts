// Serves the built client: hashed assets cached for a year, and every screen's route served by
// index.html with that screen's own head (page-head.ts); the listing and list screens also come
// server-rendered, with their data (page-renderer.ts). Unknown routes get a 404.
import { getSessionCookie } from 'better-auth/cookies'
import { Hono, type Context } from 'hono'
import { pageDataElementId } from '../../shared/page-data.js'
import { escapeHtml, jsonInScript } from '../lib/escape.js'
import { bodyBytes, textBody, type TextBody } from '../http/json-response.js'
import type { Versioned } from '../listings/listings.queries.js'
import type { ResponseCache } from '../listings/response-cache.js'
import type { CountSearchRead } from '../listings/search-read-limit.js'
import { RequestLimitedError } from '../http/rate-limit.js'
import { documentTitle, screens } from '../../shared/screens.js'
import type { ClientFile } from './client-files.js'
import type { PageHead } from './page-head.js'
import type { PageViewer } from './page-meta.js'
import { cursorParameter } from '../../shared/listing-requests.js'
import { pageAddress } from './page-address.js'
import type { RenderPage } from './page-renderer.js'
import { searchResultsWithoutScripts } from './search-results-html.js'

export interface PageSettings {
  mapTileUrl: string
  pageHead: (path: string, search: URLSearchParams, viewer: PageViewer) => Promise<PageHead>
  /** What the request's signed-in user may see that others may not (read only when asked). */
  viewer: (c: Context) => PageViewer
  /** The client's server entry, when it is built. */
  pageRenderer: () => Promise<RenderPage | undefined>
  /** Server-rendered pages, each kept while the listings are at the version it was read at. */
  pageCache: ResponseCache
  /** The per-address budget of search pages and later list pages rendered afresh (cached ones are free). */
  countSearchRead: CountSearchRead
  /** The per-address budget of landlord lookups: a rendered contact page holds an e-mail. */
  countLandlordLookup: (c: Context) => Promise<void>
  /** The per-address budget of landlord profiles: a landlord's page is rendered afresh each time. */
  countLandlordProfile: (c: Context) => Promise<void>
}

// index.html marks the part of its head that each screen replaces.
const headPart = /<!--page-head-->[\s\S]*<!--\/page-head-->/
const emptyRoot = '<div id="root"></div>'

export function webRoutes(files: Map<string, ClientFile>, settings: PageSettings) {
  const template = files.get('/index.html')
  const page = template?.body
    .toString('utf8')
    .replace('%MAP_TILE_URL%', escapeHtml(settings.mapTileUrl))

  /**
   * The page for `address`, with the listings' version it may be cached under (server-rendered
   * 200s only). Unless `serverRender`, the browser renders the body from the data the page carries.
   */
  async function buildPage(
    c: Context,
    shell: string,
    address: string,
    serverRender: boolean,
  ): Promise<{ status: PageHead['status']; html: string; version?: string }> {
    const search = new URL(c.req.url).searchParams
    const head = await settings.pageHead(c.req.path, search, settings.viewer(c))
    if (head.status === 400) {
      search.delete(cursorParameter)
      const html = badCursorPage(shell, pageAddress(c.req.path, search))
      return { status: head.status, html }
    }
    let root = emptyRoot
    // A signed-in user is sent on from a visitors' form without seeing it first, as the browser
    // alone decides: the form is rendered only for requests without a session cookie. Whether the
    // cookie is valid does not matter; nothing of the session goes in the page, nor is it kept.
    const rendersForm = !head.visitorsOnly || getSessionCookie(c.req.raw.headers) === null
    const renderPage = head.pageData && rendersForm && (await settings.pageRenderer())
    if (head.pageData && renderPage) {
      const data = `<script type="application/json" id="${pageDataElementId}">${jsonInScript(head.pageData)}</script>`
      try {
        if (serverRender) {
          root = `<div id="root">${await renderPage(address, head.pageData)}</div>\n    ${data}`
        } else {
          const listingPage = head.pageData.listingPages?.page
          const withoutScripts = listingPage
            ? searchResultsWithoutScripts(listingPage, address)
            : ''
          root = `${emptyRoot}\n    ${withoutScripts}\n    ${data}`
        }
      } catch (error) {
        // The browser renders the screen as it did before pages were rendered here.
        console.error(`${c.req.path}: the page could not be rendered:`, error)
      }
    }
    const rendered = serverRender && root !== emptyRoot
    // A page that holds its data reads none; one without reads it beside the entry script.
    const headHtml =
      root !== emptyRoot || !head.dataPreload ? head.html : `${head.html}\n    ${head.dataPreload}`
    const html = shell.replace(headPart, () => headHtml).replace(emptyRoot, () => root)
    return {
      status: head.status,
      html,
      version: rendered && head.status === 200 ? head.version : undefined,
    }
  }

  const searchesAsked = recentlyAsked(maxSearchesRemembered)

  /** The page kept under `address` while current, else the one `read` makes. */
  async function cachedOrRead(
    address: string,
    read: () => Promise<Versioned<string>>,
  ): Promise<TextBody> {
    try {
      return (await settings.pageCache.get(address, read, textBody))!
    } catch (error) {
      if (error instanceof RequestLimitedError) throw error
      // The listings' version could not be read (the database is away): made afresh, not kept.
      return textBody((await read()).value)
    }
  }

  /** Counts a page against `count`; without the database it is served uncounted. */
  async function countPage(c: Context, count: (c: Context) => Promise<void>) {
    try {
      await count(c)
    } catch (error) {
      if (error instanceof RequestLimitedError) throw error
    }
  }

  return new Hono().get('/*', async (c) => {
    const path = c.req.path
    const file = path !== '/index.html' ? files.get(path) : undefined
    if (file) {
      const immutable = path.startsWith('/assets/')
      return send(
        c,
        file,
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      )
    }
    if (!page) return c.text('The client is not built: run `npm run build`.', 503)

    const address = pageAddress(path, new URL(c.req.url).searchParams)
    const isSearch = address.split('?')[0] === screens.search.path
    const isContact = /^\/contact\/[^/]+\/?$/.test(path)
    const isLandlord = /^\/users\/[^/]+\/?$/.test(path)
    let status: PageHead['status'] | 429 = 200
    const read = async () => {
      // A list's later page is a read of the API's list as a search is: the same budget.
      const laterPage = new URLSearchParams(address.split('?')[1]).has(cursorParameter)
      if (isSearch || laterPage) await countPage(c, settings.countSearchRead)
      if (isContact) await countPage(c, settings.countLandlordLookup)
      if (isLandlord) await countPage(c, settings.countLandlordProfile)
      const serverRender = !isSearch || searchesAsked.askedBefore(address)
      const built = await buildPage(c, page, address, serverRender)
      status = built.status
      return { value: built.html, version: built.version }
    }
    let body: TextBody
    try {
      body = await cachedOrRead(address, read)
    } catch (error) {
      if (!(error instanceof RequestLimitedError)) throw error
      status = 429
      c.header('Retry-After', String(error.retryAfterSeconds))
      const wait = error.retryAfterSeconds
      body = textBody(
        isContact
          ? contactLimitedPage(page, wait)
          : isLandlord
            ? landlordLimitedPage(page, wait)
            : limitedPage(page, wait),
      )
    }
    const { bytes, encoding } = bodyBytes(body, c.req.header('Accept-Encoding'))
    return c.body(bytes, status, {
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ...(encoding && { 'Content-Encoding': encoding }),
    })
  })
}

function send(c: Context, file: ClientFile, cacheControl: string) {
  const accepts = c.req.header('Accept-Encoding') ?? ''
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding',
  }
  if (file.br && /\bbr\b/.test(accepts)) {
    return c.body(new Uint8Array(file.br), 200, { ...headers, 'Content-Encoding': 'br' })
  }
  if (file.gzip && /\bgzip\b/.test(accepts)) {
    return c.body(new Uint8Array(file.gzip), 200, { ...headers, 'Content-Encoding': 'gzip' })
  }
  return c.body(new Uint8Array(file.body), 200, headers)
}

/**
 * How many search addresses a server remembers having served once. A search page is rendered on
 * the server from its second request: a first one costs what the API's read does (the page carries
 * its data, and the browser renders it), so that searches nobody asked before, which is what a
 * flood of distinct searches is, cost no server rendering and push no cached page out
 * (docs/decisions/021-server-rendering.md).
 */
const maxSearchesRemembered = 10_000

/** Which of the last `max` addresses were asked for before; the least recent is forgotten first. */
function recentlyAsked(max: number) {
  const asked = new Set<string>()
  return {
    /** Records a request for `address`; true when it was asked for before. */
    askedBefore(address: string): boolean {
      const before = asked.delete(address)
      asked.add(address)
      if (asked.size > max) asked.delete(asked.values().next().value!)
      return before
    },
  }
}

/** A page that says only why it cannot be shown, with a link on; `text` and `link` are HTML. */
function messagePage(shell: string, title: string, text: string, link: string): string {
  const head = [
    `<title>${escapeHtml(documentTitle(title))}</title>`,
    '<meta name="robots" content="noindex">',
  ].join('\n    ')
  const root =
    `<div id="root"><main><h1>${escapeHtml(title)}</h1>` +
    `<p>${text}</p><p>${link}</p></main></div>`
  return shell.replace(headPart, () => head).replace(emptyRoot, () => root)
}

/** The page of a search over the address's budget: says why, and when to try again. */
function limitedPage(shell: string, retryAfterSeconds: number): string {
  return messagePage(
    shell,
    'Too many searches',
    `This address has run many searches in the last minute. Try again in ${retryAfterSeconds} seconds.`,
    `<a href="${screens.search.path}">Search again</a>`,
  )
}

/** The contact page over the address's budget of landlord lookups. */
function contactLimitedPage(shell: string, retryAfterSeconds: number): string {
  return messagePage(
    shell,
    'Too many contact pages',
    `This address has opened many contact pages lately. Try again in ${retryAfterSeconds} seconds.`,
    `<a href="${screens.explore.path}">Back to Explore</a>`,
  )
}

/** A landlord's page over the address's budget of landlord profiles. */
function landlordLimitedPage(shell: string, retryAfterSeconds: number): string {
  return messagePage(
    shell,
    'Too many landlord pages',
    `This address has opened many landlord pages lately. Try again in ${retryAfterSeconds} seconds.`,
    `<a href="${screens.explore.path}">Back to Explore</a>`,
  )
}

/**
 * A list page asked with a cursor this site did not hand out for that list (made up, cut short,
 * or from another list's link): 400, with the list's first page to go on from.
 */
function badCursorPage(shell: string, firstPage: string): string {
  return messagePage(
    shell,
    'This page of the list is not there',
    "The link's place in the list does not come from this list, or it was cut short.",
    `<a href="${escapeHtml(firstPage)}">Go to the first page</a>`,
  )
}
