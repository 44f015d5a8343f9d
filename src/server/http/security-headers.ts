// Security headers for every response: a strict Content-Security-Policy (our own scripts only; images
// also from the tile server and the media store), no framing, no sniffing, HSTS over https.
import type { MiddlewareHandler } from 'hono'

/** The origin part of a URL template such as https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png */
export function originOf(urlTemplate: string): string | undefined {
  const match = /^(https?:\/\/[^/]+)/i.exec(urlTemplate.trim())
  if (!match) return undefined
  // Subdomain placeholders ({s}) become a CSP wildcard.
  return match[1]!.replace(/\{[a-z]+\}/gi, '*')
}

export interface SecurityHeaderOptions {
  publicUrl: string
  imageOrigins: (string | undefined)[]
}

/** Images come from our origin, the map's tile server and the media store (S3's own origin). */
export function securityHeaderOptionsOf(
  config: { publicUrl: string; mapTileUrl: string },
  media: { url(key: string): string },
): SecurityHeaderOptions {
  return {
    publicUrl: config.publicUrl,
    imageOrigins: [originOf(config.mapTileUrl), originOf(media.url('x'))],
  }
}

/** The headers every response carries, as name and value pairs. */
export function securityHeaderList(options: SecurityHeaderOptions): [string, string][] {
  const images = ["'self'", 'data:', 'blob:', ...new Set(options.imageOrigins.filter(Boolean))]
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${images.join(' ')}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  return [
    ['Content-Security-Policy', policy],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    // No Cross-Origin-Opener-Policy: the Google popup comes back to us through the provider's
    // origin, and any policy here would move it to a new browsing context group on its return,
    // cutting it off from this window (it could then neither report back nor be seen closing).
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ...(options.publicUrl.startsWith('https:')
      ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]]
      : []),
  ]
}

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  const list = securityHeaderList(options)
  return async (c, next) => {
    await next()
    // Some responses (a proxied fetch, say) come with headers that cannot change: copy those first.
    try {
      c.res.headers.set('X-Content-Type-Options', 'nosniff')
    } catch {
      c.res = new Response(c.res.body, c.res)
    }
    for (const [name, value] of list) c.res.headers.set(name, value)
  }
}
