// The mails' unsubscribe links, which work without signing in (the token names the saved search,
// or the person for one kind of saved-home mail, for message mails or the statistics mail, signed). POST turns the
// mails off: mail programs send it themselves (RFC 8058), and the page's button sends it. GET only
// shows that button, because mail scanners open every link of a mail and must not unsubscribe
// anyone (docs/decisions/012-job-queue.md).
import { Hono, type Context } from 'hono'
import type { Db } from '../db/database.js'
import type { SavedHomeMailKind } from '../db/schema.js'
import { escapeHtml } from '../lib/escape.js'
import { findSavedSearch, turnAlertsOff } from '../saved-searches/saved-searches.queries.js'
import { choiceOff, setContactChoices, type ContactChoice } from '../users/users.queries.js'
import { mailOptedOut, optOutOfMail } from './mail-opt-outs.queries.js'
import type { UnsubscribeTokens } from '../mail/unsubscribe-token.js'
import { linkPage, linkPageCss } from '../mail/link-page.js'

/** What each kind of saved-home mail is called on its unsubscribe page. */
const savedHomeMails: Record<SavedHomeMailKind, { name: string; stop: string; when: string }> = {
  'price-cut': {
    name: 'Price-cut mails',
    stop: 'Stop price-cut mails?',
    when: 'a home you saved costs less',
  },
  'listing-closed': {
    name: "'No longer available' mails",
    stop: "Stop 'No longer available' mails?",
    when: 'a home you saved is sold or rented',
  },
}

const isSavedHomeMailKind = (kind: string): kind is SavedHomeMailKind => kind in savedHomeMails

export function unsubscribeRoutes(deps: {
  db: Db
  unsubscribeTokens: UnsubscribeTokens
  publicUrl: string
}) {
  const { db, unsubscribeTokens, publicUrl } = deps

  const page = (c: Context, status: 200 | 400 | 404, title: string, body: string) =>
    linkPage(c, { status, title, body, publicUrl })

  const badLink = (c: Context) =>
    page(c, 400, 'This link is not valid', '<p>Check that the whole link was opened.</p>')
  const gone = (c: Context) =>
    page(c, 404, 'Saved search not found', '<p>This saved search was deleted.</p>')

  /** The pages of a mail a person turns off as a whole: message mails, the statistics mail. */
  const personalMails = {
    messages: {
      choice: 'messageMails',
      verify: unsubscribeTokens.verifyMessages,
      name: 'Message mails',
      stop: 'Stop message mails?',
      button: 'Stop message mails',
      what: 'a mail when a message to you in House Marketplace is not read for a while',
      after: 'Your conversations stay in House Marketplace.',
    },
    'listing-stats': {
      choice: 'statsMail',
      verify: unsubscribeTokens.verifyStatsMail,
      name: 'Statistics mails',
      stop: 'Stop the statistics mail?',
      button: 'Stop the statistics mail',
      what: 'a mail on Mondays with how your listings did the week before',
      after:
        'Your statistics stay in House Marketplace; you can turn the mail on again in your profile.',
    },
  } as const satisfies Record<string, { choice: ContactChoice } & Record<string, unknown>>

  const mailIsOff = (
    c: Context,
    mail: (typeof personalMails)[keyof typeof personalMails],
    future: boolean,
  ) =>
    page(
      c,
      200,
      `${mail.name} are off`,
      `<p>You ${future ? 'will get no more' : 'get no'} ${mail.what.replace(/^a mail/, 'mail')}. ${mail.after}</p>`,
    )

  const personalMailRoutes = new Hono()
  for (const [path, mail] of Object.entries(personalMails)) {
    personalMailRoutes
      .get(`/${path}/:token`, async (c) => {
        const userId = mail.verify(c.req.param('token'))
        if (!userId) return badLink(c)
        if (await choiceOff(db, userId, mail.choice)) return mailIsOff(c, mail, false)
        return page(
          c,
          200,
          mail.stop,
          `<p>You get ${mail.what}.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${mail.button}</button></form>`,
        )
      })
      .post(`/${path}/:token`, async (c) => {
        const userId = mail.verify(c.req.param('token'))
        if (!userId) return badLink(c)
        await setContactChoices(db, userId, { [mail.choice]: false })
        return mailIsOff(c, mail, true)
      })
  }

  return (
    new Hono()
      // The style of every mail link's page (mail/link-page.ts).
      .get('/page.css', linkPageCss)
      // Before the saved-home kinds' routes, whose first segment 'messages' would be a bad kind.
      .route('/', personalMailRoutes)
      .get('/:kind/:token', async (c) => {
        const kind = c.req.param('kind')
        if (!isSavedHomeMailKind(kind)) return badLink(c)
        const userId = unsubscribeTokens.verifySavedHomes(kind, c.req.param('token'))
        if (!userId) return badLink(c)
        const { name, stop, when } = savedHomeMails[kind]
        const off = await mailOptedOut(db, userId, kind)
        if (off) return page(c, 200, `${name} are off`, `<p>You get no mail when ${when}.</p>`)
        return page(
          c,
          200,
          stop,
          `<p>You get a mail when ${when}.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Stop these mails</button></form>`,
        )
      })
      .post('/:kind/:token', async (c) => {
        const kind = c.req.param('kind')
        if (!isSavedHomeMailKind(kind)) return badLink(c)
        const userId = unsubscribeTokens.verifySavedHomes(kind, c.req.param('token'))
        if (!userId) return badLink(c)
        await optOutOfMail(db, userId, kind)
        const { name, when } = savedHomeMails[kind]
        return page(
          c,
          200,
          `${name} are off`,
          `<p>You will get no more mail when ${when}. Your saved homes stay saved.</p>`,
        )
      })
      .get('/:token', async (c) => {
        const id = unsubscribeTokens.verify(c.req.param('token'))
        if (!id) return badLink(c)
        const search = await findSavedSearch(db, id)
        if (!search) return gone(c)
        const name = escapeHtml(`"${search.name}"`)
        if (search.alerts === 'off') {
          return page(c, 200, 'Alerts are off', `<p>You get no alerts for ${name}.</p>`)
        }
        return page(
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
        const name = await turnAlertsOff(db, id)
        if (name === undefined) return gone(c)
        return page(
          c,
          200,
          'Alerts are off',
          `<p>You will get no more alerts for ${escapeHtml(`"${name}"`)}. The search stays saved in your profile.</p>`,
        )
      })
  )
}
