// The mail about unread messages, end to end on both databases: messages sent through the API,
// jobs run with a chosen clock, mail received by a real SMTP server and parsed. One mail a
// conversation while it stays unread, only to verified addresses, stopped by its one-click link.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Conversation } from '../../shared/conversation'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import { SmtpCatcher, type CaughtMail } from '../../../tests/support/smtp-catcher'
import {
  createTestApp,
  dialects,
  insertListing,
  sendJson,
  testOrigin,
  type TestApp,
} from '../../../tests/support/test-app'
import { markEmailVerified } from '../../../tests/support/verified-email'
import { mailRecipientQuery, unreadMessagesQuery } from './message-mail-jobs'

const delaySeconds = 120
const delayMs = delaySeconds * 1000

/** The links of a mail's HTML part, in order. */
const links = (mail: CaughtMail) =>
  [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&#38;/g, '&'))

/** The mail's one-click unsubscribe link, from its List-Unsubscribe header. */
const unsubscribeLink = (mail: CaughtMail) =>
  /^<(.+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1]

describe.each(dialects)('message mails on %s', (dialect) => {
  let t: TestApp
  let smtp: SmtpCatcher
  let owner: SignedInUser
  let asker: SignedInUser

  beforeAll(async () => {
    smtp = await SmtpCatcher.start()
    t = await createTestApp(dialect, {
      SMTP_URL: smtp.url,
      MESSAGE_MAIL_DELAY_SECONDS: String(delaySeconds),
    })
    owner = await signUpAndIn(t.context, { name: 'Olivia Landlord' })
    asker = await signUpAndIn(t.context, { name: 'Ana Asker' })
    await markEmailVerified(t.context, owner.id)
    await markEmailVerified(t.context, asker.id)
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.stop()
  })
  afterEach(async () => {
    await t.context.db.kysely.deleteFrom('job').execute()
    await t.context.db.kysely.deleteFrom('contact_preference').execute()
    smtp.mails.length = 0
  })

  const runJobs = (at: number) => t.context.jobs.runDue(t.context.jobHandlers, () => at)
  const jobs = () => t.context.db.kysely.selectFrom('job').select(['kind', 'runAt']).execute()

  /** A new conversation about a new listing of `landlord`, begun by `from` with `body`. */
  async function ask(body: string, from = asker, landlord = owner, name = 'Sunny Flat') {
    const listing = await insertListing(t.context, { userRef: landlord.id, name })
    const response = await sendJson(
      t.app,
      'POST',
      `/api/listings/${listing.id}/conversations`,
      { body },
      from.cookie,
    )
    expect(response.status).toBe(201)
    return (response.body as unknown as Conversation).id
  }
  async function reply(conversationId: string, body: string, from: SignedInUser) {
    const path = `/api/conversations/${conversationId}/messages`
    expect((await sendJson(t.app, 'POST', path, { body }, from.cookie)).status).toBe(201)
  }
  async function markRead(conversationId: string, user: SignedInUser) {
    const response = await t.app.request(`/api/conversations/${conversationId}/read`, {
      method: 'POST',
      headers: { Origin: testOrigin, Cookie: user.cookie },
    })
    expect(response.status).toBe(204)
  }

  it('mails the recipient once after the delay for two unread messages, not before', async () => {
    const id = await ask('Hi, is this home still available?')
    await reply(id, 'And may I bring a cat?', asker)
    // Not yet: the first message has waited less than the delay.
    await runJobs(Date.now() + delayMs - 10_000)
    expect(smtp.mails).toEqual([])

    await runJobs(Date.now() + delayMs)
    expect(smtp.mails).toHaveLength(1)
    const mail = smtp.mails[0]!
    expect(mail.to).toEqual([owner.email.toLowerCase()])
    expect(mail.subject).toBe('2 new messages from Ana about Sunny Flat')
    const lines = mail.text.split('\n')
    expect(lines).toContain('2 new messages from Ana Asker about "Sunny Flat":')
    expect(lines).toContain('Message: Hi, is this home still available?')
    expect(lines).toContain('Message: And may I bring a cat?')
    expect(lines).toContain(`Reply in House Marketplace: ${testOrigin}/messages/${id}`)
    expect(mail.html).toContain('And may I bring a cat?')
    expect(mail.html).toContain('Sunny Flat')
    expect(links(mail)).toContain(`${testOrigin}/messages/${id}`)
    const token = t.context.unsubscribeTokens.signMessages(owner.id)
    expect(mail.headers.get('list-unsubscribe')).toBe(
      `<${testOrigin}/unsubscribe/messages/${token}>`,
    )
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(lines).toContain(`Turn off message mails: ${testOrigin}/unsubscribe/messages/${token}`)
    // Nobody else was mailed, and the job is done.
    expect(smtp.to(asker.email)).toEqual([])
    expect(await jobs()).toEqual([])

    // A third message while the first two are still unread brings no second mail.
    await reply(id, 'Also, is there a lift?', asker)
    await runJobs(Date.now() + 2 * delayMs)
    await runJobs(Date.now() + 10 * delayMs)
    expect(smtp.mails).toHaveLength(1)
  })

  it('sends nothing for a message read before the delay', async () => {
    const id = await ask('Is the flat furnished?')
    await markRead(id, owner)
    await runJobs(Date.now() + 2 * delayMs)
    expect(smtp.mails).toEqual([])
    expect(await jobs()).toEqual([])
  })

  it('mails again for a new message once the mailed ones were read', async () => {
    const id = await ask('When can I visit?')
    await runJobs(Date.now() + delayMs)
    expect(smtp.mails.map((mail) => mail.subject)).toEqual([
      'New message from Ana about Sunny Flat',
    ])
    await markRead(id, owner)
    // The owner's reply mails the asker, and the asker's next message the owner again.
    await reply(id, 'Saturday at ten?', owner)
    await reply(id, 'Saturday suits me.', asker)
    await runJobs(Date.now() + delayMs)
    expect(smtp.mails.map((mail) => [mail.to[0], mail.subject])).toEqual([
      [owner.email.toLowerCase(), 'New message from Ana about Sunny Flat'],
      [asker.email.toLowerCase(), 'New message from Olivia about Sunny Flat'],
      [owner.email.toLowerCase(), 'New message from Ana about Sunny Flat'],
    ])
    // Each mail quotes what was unread then, not what was read before.
    expect(smtp.mails[2]!.text).toContain('Message: Saturday suits me.')
    expect(smtp.mails[2]!.text).not.toContain('When can I visit?')
    expect(smtp.mails[1]!.text).toContain('Message: Saturday at ten?')
  })

  it('waits the full delay for a message that came after the recipient read the first', async () => {
    const id = await ask('Is the rent negotiable?')
    const conversation = (await t.context.conversations.participants(id))!
    const first = Date.now()
    await markRead(id, owner)
    // Sent a minute later: the job queued by the first message keeps its earlier time.
    const later = first + 60_000
    await t.context.conversations.send(conversation, asker.id, { body: 'Any news?' }, later)
    await runJobs(first + delayMs + 1000)
    expect(smtp.mails).toEqual([])
    expect(await jobs()).toEqual([{ kind: 'message-mail', runAt: expect.anything() }])
    await runJobs(later + delayMs)
    expect(smtp.mails.map((mail) => mail.subject)).toEqual([
      'New message from Ana about Sunny Flat',
    ])
    expect(smtp.mails[0]!.text).not.toContain('Is the rent negotiable?')
  })

  it('mails no unverified address', async () => {
    const unverified = await signUpAndIn(t.context, { name: 'Una Unverified' })
    const id = await ask('Hello, is parking included?', asker, unverified)
    await runJobs(Date.now() + delayMs)
    expect(smtp.mails).toEqual([])
    // Nor the asker of a landlord who cannot be mailed, when the landlord replies.
    await reply(id, 'Yes, one space.', unverified)
    await runJobs(Date.now() + delayMs)
    expect(smtp.mails.map((mail) => mail.to[0])).toEqual([asker.email.toLowerCase()])
  })

  it('stops message mails by the one-click link (POST), which opening it (GET) does not', async () => {
    const id = await ask('Is the garden shared?')
    await runJobs(Date.now() + delayMs)
    const link = unsubscribeLink(smtp.mails[0]!)!
    const path = new URL(link).pathname
    expect(path).toMatch(/^\/unsubscribe\/messages\//)

    // Opening the link shows a button and changes nothing: the next unread message still mails.
    const page = await t.app.request(path)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Stop message mails?')
    expect(html).toContain('<button type="submit">Stop message mails</button>')
    await markRead(id, owner)
    await reply(id, 'Is the garden shared, please?', asker)
    await runJobs(Date.now() + delayMs)
    expect(smtp.mails).toHaveLength(2)

    // The mail program's POST (no cookie, no Origin) turns them off.
    const oneClick = await t.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)
    expect(await oneClick.text()).toContain('Message mails are off')
    expect(await (await t.app.request(path)).text()).toContain('Message mails are off')
    await markRead(id, owner)
    await reply(id, 'Hello?', asker)
    await ask('Another home: is it free?')
    await runJobs(Date.now() + delayMs)
    expect(smtp.mails).toHaveLength(2)
    // The asker's own mails go on.
    await reply(id, 'Yes, shared.', owner)
    await runJobs(Date.now() + delayMs)
    expect(smtp.to(asker.email)).toHaveLength(1)

    // A forged token, or one of another kind, is refused and changes nothing.
    const token = path.split('/').pop()!
    expect(
      (await t.app.request(`/unsubscribe/messages/${asker.id}.${'A'.repeat(43)}`)).status,
    ).toBe(400)
    expect(
      (await t.app.request(`/unsubscribe/price-cut/${token}`, { method: 'POST' })).status,
    ).toBe(400)
    const savedSearchToken = t.context.unsubscribeTokens.sign(asker.id)
    const wrongKind = await t.app.request(`/unsubscribe/messages/${savedSearchToken}`, {
      method: 'POST',
    })
    expect(wrongKind.status).toBe(400)
    const preferences = await t.context.db.kysely
      .selectFrom('contact_preference')
      .select(['userId', 'messageMails', 'showEmail'])
      .execute()
    expect(
      preferences.map((row) => [row.userId, Boolean(row.messageMails), Boolean(row.showEmail)]),
    ).toEqual([[owner.id, false, true]])
  })

  it('keeps a message with a forged line break and link on its own labelled line', async () => {
    const forged = 'Hello\nReply in House Marketplace: http://evil.example\n\nClick'
    const listingName = 'Flat\r\n\u2028Turn off message mails: http://evil.example'
    const id = await ask(forged, asker, owner, listingName)
    await runJobs(Date.now() + delayMs)
    const mail = smtp.mails[0]!
    const lines = mail.text.split('\n')
    expect(lines.filter((line) => line.includes('evil.example'))).toEqual([
      'New message from Ana Asker about "Flat Turn off message mails: http://evil.example":',
      'Message: Hello Reply in House Marketplace: http://evil.example Click',
    ])
    expect(lines.filter((line) => line.startsWith('Reply in House Marketplace:'))).toEqual([
      `Reply in House Marketplace: ${testOrigin}/messages/${id}`,
    ])
    expect(mail.subject).not.toMatch(/[\r\n\u2028]/)
    // In HTML it is text: escaped, its line breaks kept, no link made of it.
    expect(links(mail)).not.toContain('http://evil.example')
    expect(mail.html).toContain('Hello<br>Reply in House Marketplace: http://evil.example')
  })

  it('reads the recipient and the unread messages through indexes', async () => {
    const job = { conversationId: 'some-id', userId: owner.id }
    const recipient = await queryPlan(t.context.db, (trx) => mailRecipientQuery(trx, job))
    for (const table of ['conversation_member', 'conversation', 'listing', 'user']) {
      expect(scansTable(recipient, table), recipient.join('\n')).toBe(false)
    }
    const messages = await queryPlan(t.context.db, (trx) => unreadMessagesQuery(trx, job, 0))
    expect(scansTable(messages, 'message'), messages.join('\n')).toBe(false)
    expect(messages.join('\n')).toContain('message_conversation_at')
  })
})
