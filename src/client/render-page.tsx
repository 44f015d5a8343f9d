// The server's entry into the client (built by `vite build --ssr`): a screen rendered to HTML from
// the data the server read for it, with the components the browser then hydrates.
// First: Zod's settings must hold before any module makes a schema.
import '../shared/zod-config'
import { QueryClient } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import type { PageData } from '../shared/page-data'
import type { RenderPage } from '../server/web/page-renderer'
import { App } from './App'
import { seedPageData } from './page-data'

/** React's mark of a Suspense boundary it left for the browser to render. */
const leftForTheBrowser = '<!--$!-->'

export const renderPage: RenderPage = async (url: string, data: PageData) => {
  const app = () => {
    // Nothing is fetched while rendering: reads not in `data` (who is signed in, their hearts)
    // stay pending, as they are in the browser's first render.
    const queryClient = new QueryClient()
    seedPageData(queryClient, data)
    return (
      <App
        queryClient={queryClient}
        router={(children) => <StaticRouter location={url}>{children}</StaticRouter>}
      />
    )
  }
  // renderToString keeps nothing of a page once it is rendered; React's streaming renderers keep a
  // few KB of each (docs/performance.md). It cannot wait for a screen's lazy chunk, though: the
  // first page of each screen comes out as its spinner and is rendered again with prerender, which
  // waits for the chunk. From then on the chunk is there and the screen renders at once.
  const html = renderToString(app())
  if (!html.includes(leftForTheBrowser)) return html
  // In one piece: React sends a boundary over 12,800 bytes (a list of ten cards) apart, to be
  // moved in place by an inline script, which the pages' CSP blocks.
  const { prelude } = await prerenderToNodeStream(app(), { progressiveChunkSize: Infinity })
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
