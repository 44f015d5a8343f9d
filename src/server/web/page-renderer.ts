// The client's server entry (src/client/render-page.tsx, built by `vite build --ssr` into
// dist/render), loaded the first time a page is rendered. Without it (the client not built) pages
// are served with their heads alone and rendered in the browser, as before.
import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { PageData } from '../../shared/page-data.js'

/** The HTML inside #root of the screen at `url` (its path and query), rendered from `data`. */
export type RenderPage = (url: string, data: PageData) => Promise<string>

/** A loader of the entry at `file`, which imports it once; undefined when it is not there. */
export function pageRendererLoader(file: string): () => Promise<RenderPage | undefined> {
  let loading: Promise<RenderPage | undefined> | undefined
  return () =>
    (loading ??= fs.existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (entry: { renderPage: RenderPage }) => entry.renderPage,
        )
      : Promise.resolve(undefined))
}
