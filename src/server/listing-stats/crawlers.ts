// Requests that are no one looking at a listing: crawlers and link previews by their user agent,
// and pages the browser only fetches ahead in case they are opened (prefetch).

// Search engines, social previews, feed readers, monitors, command-line tools. Headless Chrome is
// left out: a person's browser in a test or an automation is one too.
const crawlerAgent =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|bingpreview|whatsapp|telegram|discord|slack|feed|monitor|pingdom|lighthouse|curl\/|wget|python-|go-http-client|java\/|okhttp|axios|node-fetch|undici|libwww|httpclient/i

/** Whether the user agent names a crawler or a program rather than a browser; empty counts as one. */
export function isCrawler(userAgent: string | undefined): boolean {
  return !userAgent || !userAgent.startsWith('Mozilla/') || crawlerAgent.test(userAgent)
}

/**
 * Whether the browser fetched the page ahead of a click (Sec-Purpose: prefetch, or the older
 * Purpose and X-Moz headers), not because someone opened it.
 */
export function isPrefetch(headers: Record<string, string | string[] | undefined>): boolean {
  const purpose =
    headers['sec-purpose'] ?? headers.purpose ?? headers['x-moz'] ?? headers['x-purpose']
  return typeof purpose === 'string' && /prefetch|preview/i.test(purpose)
}
