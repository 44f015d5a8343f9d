// The alert mails' unsubscribe link, which works without signing in (its token names the saved
// search, signed). POST turns the alerts off: mail programs send it themselves (RFC 8058), and the
// page's button sends it. GET only shows that button, because mail scanners open every link of a
// mail and must not unsubscribe anyone (docs/decisions/012-job-queue.md).
import { Hono, type Context } from 'hono'
import type { Db } from '../db/database.js'
import { escapeHtml } from '../http/escape.js'
import type { UnsubscribeTokens } from './unsubscribe-token.js'

export function unsubscribeRoutes(deps: {
  db: Db
  unsubscribeTokens: UnsubscribeTokens
  publicUrl: string
}) {
  const { db, unsubscribeTokens, publicUrl } = deps

  function answer(c: Context, status: 200 | 400 | 404, title: string, body: string) {
    c.header('Cache-Control', 'no-store')
    return c.html(
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · House Marketplace</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}
<p><a href="${escapeHtml(`${publicUrl}/profile`)}">Go to House Marketplace</a></p></main></body></html>`,
      status,
    )
  }

  const badLink = (c: Context) =>
    answer(c, 400, 'This link is not valid', '<p>Check that the whole link was opened.</p>')
  const gone = (c: Context) =>
    answer(c, 404, 'Saved search not found', '<p>This saved search was deleted.</p>')

  return new Hono()
    .get('/:token', async (c) => {
      const id = unsubscribeTokens.verify(c.req.param('token'))
      if (!id) return badLink(c)
      const search = await db.kysely
        .selectFrom('saved_search')
        .select(['name', 'alerts'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!search) return gone(c)
      const name = escapeHtml(`"${search.name}"`)
      if (search.alerts === 'off') {
        return answer(c, 200, 'Alerts are off', `<p>You get no alerts for ${name}.</p>`)
      }
      return answer(
        c,
        200,
        'Stop these alerts?',
        `<p>You get ${search.alerts} e-mail alerts for your saved search ${name}.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Stop alerts</button></form>`,
      )
    })
    .post('/:token', async (c) => {
      const id = unsubscribeTokens.verify(c.req.param('token'))
      if (!id) return badLink(c)
      const search = await db.kysely
        .updateTable('saved_search')
        .set({ alerts: 'off' })
        .where('id', '=', id)
        .returning('name')
        .executeTakeFirst()
      if (!search) return gone(c)
      return answer(
        c,
        200,
        'Alerts are off',
        `<p>You will get no more alerts for ${escapeHtml(`"${search.name}"`)}. The search stays saved in your profile.</p>`,
      )
    })
}
