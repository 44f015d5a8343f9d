// The server's entry into the client (built by `vite build --ssr`): a screen drawn to HTML from
// the data the server read for it, with the components the browser then hydrates.
import { QueryClient } from '@tanstack/react-query'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import type { PageData } from '../shared/page-data'
import type { RenderPage } from '../server/web/page-renderer'
import { App } from './App'
import { seedPageData } from './api/page-data'

export const renderPage: RenderPage = async (url: string, data: PageData) => {
  // Nothing is fetched while rendering: reads not in `data` (who is signed in, their hearts) stay
  // pending, as they are in the browser's first draw.
  const queryClient = new QueryClient()
  seedPageData(queryClient, data)
  // Waits for the screen's lazy chunk, so the HTML holds the screen and not its spinner.
  const { prelude } = await prerenderToNodeStream(
    <App
      queryClient={queryClient}
      router={(children) => <StaticRouter location={url}>{children}</StaticRouter>}
    />,
  )
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
