// The page a mail's one-click link opens (an unsubscribe, a 'Still available?' choice): one card
// in the middle, in the app's colours, with what the link does or did. No script and no inline
// style (the Content-Security-Policy allows neither), and nothing for search engines.
import type { Context } from 'hono'
import { escapeHtml } from '../lib/escape.js'

/** The app's colours and spacing (client/styles/global.css), for one card in the middle. */
const pageCss = `body {
  margin: 0;
  background: #f2f4f8;
  color: #1f2430;
  font: 1rem/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
}
main {
  box-sizing: border-box;
  max-width: 32rem;
  margin: 2rem auto;
  padding: 1.5rem;
  background: #fff;
  border-radius: 1rem;
  box-shadow: 0 2px 10px rgb(0 0 0 / 8%);
}
@media (max-width: 640px) {
  main { margin: 0; min-height: 100vh; border-radius: 0; box-shadow: none; }
}
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
a { color: #007a3d; }
button {
  font: inherit;
  font-weight: 600;
  color: #fff;
  background: #007a3d;
  border: 0;
  border-radius: 0.5rem;
  padding: 0.75rem 1.5rem;
  cursor: pointer;
}
button:hover { background: #006633; }
button:focus-visible, a:focus-visible { outline: 3px solid #00cc66; outline-offset: 2px; }
form { margin: 0 0 1rem; }
`

/** Where every link page reads its style: the unsubscribe routes serve it, under their path. */
export const linkPageCssPath = '/unsubscribe/page.css'

/** Serves the style at `linkPageCssPath`. */
export function linkPageCss(c: Context) {
  c.header('Cache-Control', 'public, max-age=86400')
  return c.body(pageCss, 200, { 'Content-Type': 'text/css; charset=utf-8' })
}

/** The page: `title` is text, `body` HTML; a link to the app follows it. */
export function linkPage(
  c: Context,
  page: { status: 200 | 400 | 404 | 409; title: string; body: string; publicUrl: string },
) {
  const { status, title, body, publicUrl } = page
  c.header('Cache-Control', 'no-store')
  return c.html(
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · House Marketplace</title>
<link rel="stylesheet" href="${linkPageCssPath}"></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}
<p><a href="${escapeHtml(`${publicUrl}/profile`)}">Go to House Marketplace</a></p></main></body></html>`,
    status,
  )
}
