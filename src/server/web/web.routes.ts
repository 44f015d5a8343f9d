// Serves the built client: hashed assets cached for a year, and every screen's route answered by
// index.html with that screen's own head (page-head.ts); unknown routes get it with a 404.
import { Hono, type Context } from 'hono'
import { escapeHtml } from '../http/escape.js'
import type { ClientFile } from './client-files.js'
import type { PageHead } from './page-head.js'

export interface PageSettings {
  mapTileUrl: string
  pageHead: (path: string, query: URLSearchParams) => Promise<PageHead>
}

// index.html marks the part of its head that each screen replaces.
const headPart = /<!--page-head-->[\s\S]*<!--\/page-head-->/

export function webRoutes(files: Map<string, ClientFile>, settings: PageSettings) {
  const template = files.get('/index.html')
  const page = template?.body
    .toString('utf8')
    .replace('%MAP_TILE_URL%', escapeHtml(settings.mapTileUrl))

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
    const head = await settings.pageHead(path, new URL(c.req.url).searchParams)
    return c.html(
      page.replace(headPart, () => head.html),
      head.status,
      {
        'Cache-Control': 'no-cache',
      },
    )
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
