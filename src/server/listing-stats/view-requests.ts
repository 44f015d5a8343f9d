// Which requests are views of a listing: a 200 to GET of its page (server-rendered) or of
// GET /api/listings/:id (the app's navigation), from a browser that opened it. Seen from Node's
// request, before the response cache and Hono, so cached and uncached reads count alike.
import type { IncomingMessage, RequestListener } from 'node:http'
import { isCrawler, isPrefetch } from './crawlers.js'
import type { ViewCounter, Visitor } from './view-counter.js'

const listingRequest = /^\/(?:api\/listings|category\/[^/?#]+)\/([A-Za-z0-9_-]{1,64})\/?(?:\?|$)/
/** What crawlers ask for and people do not. */
const robotsRequest = /^\/(?:robots\.txt|sitemap\.xml|sitemaps\/)/
/** The API's other reads under /api/listings/, which are no listing's. */
const notListings = new Set(['map', 'count'])
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/

function visitorOf(request: IncomingMessage): Visitor {
  const { headers } = request
  return {
    peer: request.socket.remoteAddress ?? '',
    forwardedFor: headers['x-forwarded-for'] as string | undefined,
    forwarded: headers.forwarded,
    userAgent: headers['user-agent'] ?? '',
  }
}

export function countListingViews(counter: ViewCounter, next: RequestListener): RequestListener {
  return (request, response) => {
    if (request.method === 'GET') {
      const url = request.url ?? ''
      const listingId = listingRequest.exec(url)?.[1]
      if (listingId !== undefined && !notListings.has(listingId)) {
        const { headers } = request
        if (!isCrawler(headers['user-agent']) && !isPrefetch(headers)) {
          const cookie = headers.cookie
          response.once('finish', () => {
            if (response.statusCode !== 200) return
            const signedIn = cookie !== undefined && sessionCookie.test(cookie)
            counter.count(listingId, visitorOf(request), signedIn ? cookie : undefined)
          })
        }
      } else if (robotsRequest.test(url)) {
        counter.markRobot(visitorOf(request))
      }
    }
    next(request, response)
  }
}
