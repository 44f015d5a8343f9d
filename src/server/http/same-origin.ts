// Cross-site request forgery: a write that a browser sends from another site's page carries our
// session cookie (SameSite=Lax lets same-site pages on other ports through), so every write must
// also say, in the headers a page cannot forge, that it comes from our own pages.
import type { MiddlewareHandler } from 'hono'
import type { ErrorBody } from '../../shared/error-body.js'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/** PUBLIC_URL, and on a laptop the same port under both local names, so either one works. */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl)
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return [url.origin]
  return ['localhost', '127.0.0.1'].map(
    (host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`,
  )
}

/**
 * Refuses (403) a write whose `Origin` is not one of PUBLIC_URL's, or that the browser marks as
 * cross-site. Never compared with the address the request names: its sender picks the `Host`
 * header (a DNS-rebinding page does), so only the configuration says which origin is ours.
 * Browsers send `Origin` with every POST, PUT, PATCH and DELETE; a request without either header
 * is not from a browser page, and has no cookie to abuse unless its sender holds it already.
 */
export function sameOriginWrites(publicUrl: string): MiddlewareHandler {
  const trusted = new Set(trustedOrigins(publicUrl))
  return async (c, next) => {
    if (safeMethods.has(c.req.method)) return next()
    const origin = c.req.header('Origin')
    const site = c.req.header('Sec-Fetch-Site')
    const foreign = origin !== undefined ? !trusted.has(origin) : site === 'cross-site'
    if (foreign) {
      return c.json({ error: 'Requests from other sites are refused' } satisfies ErrorBody, 403)
    }
    return next()
  }
}
