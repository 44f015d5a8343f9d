// Serves the built client: hashed assets cached for a year, every page route answered by index.html.
import { Hono, type Context } from 'hono'
import { escapeHtml } from '../http/escape.js'
import type { ClientFile } from './client-files.js'

export interface PageSettings {
  mapTileUrl: string
}

// The routes of SPEC §2; anything else gets the same page (the client shows "not found") with a 404.
const pageRoutes = [
  /^\/$/,
  /^\/offers$/,
  /^\/category\/[^/]+$/,
  /^\/category\/[^/]+\/[^/]+$/,
  /^\/contact\/[^/]+$/,
  /^\/(sign-in|sign-up|forgot-password|reset-password|oauth-popup|profile|create-listing)$/,
  /^\/edit-listing\/[^/]+$/,
]

export function webRoutes(files: Map<string, ClientFile>, settings: PageSettings) {
  const template = files.get('/index.html')
  const page = template && renderPage(template.body.toString('utf8'), settings)

  return new Hono().get('/*', (c) => {
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
    const known = pageRoutes.some((route) => route.test(path.replace(/\/+$/, '') || '/'))
    return c.html(page, known ? 200 : 404, { 'Cache-Control': 'no-cache' })
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

function renderPage(html: string, settings: PageSettings): string {
  return html.replace('%MAP_TILE_URL%', escapeHtml(settings.mapTileUrl))
}
