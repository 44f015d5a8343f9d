// Fuzzes the conversations API: hostile message bodies, other people's conversations, odd ids and
// forged sessions.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Conversation, Message } from '../../src/shared/conversation'
import { messageSchema } from '../../src/shared/message-schema'
import { createTestApp, dialects, insertListing, type TestApp } from '../support/test-app'
import {
  ask,
  expectNoPrototypePollution,
  expectErrorResponse,
  successBody,
} from '../support/fuzz/responses'
import { abbreviate, fuzzParameters, fuzzTimeout, origin, outcomes } from '../support/fuzz/fuzz-run'
import {
  contentType,
  forgedSessionCookie,
  hostileBody,
  hostileSegment,
} from '../support/fuzz/hostile-values'
import { acceptedBody } from '../support/fuzz/accepted-body'
import { signUpAndIn, type SignedInUser } from '../support/sign-in'

const plausible = {
  body: fc.oneof(
    fc.constantFrom(
      'Hi, is this home still available?',
      '  padded  ',
      '',
      '   ',
      'two\nlines',
      'שלום, is it free?',
      'x'.repeat(2000),
      'x'.repeat(2001),
      'reversed \u202e txt',
      '<b>bold</b> https://example.com',
    ),
    fc.string({ unit: 'grapheme', maxLength: 80 }),
  ),
  clientId: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,70}$/), fc.constant('short')),
  conversationId: fc.constant('chosen-conversation'),
  from: fc.constant('someone-else'),
}

describe.each(dialects)('hostile requests to /api/conversations on %s', (dialect) => {
  let t: TestApp
  let owner: SignedInUser
  let asker: SignedInUser
  let stranger: SignedInUser
  let conversation: Conversation

  const send = (method: string, url: string, body: string, type: string, cookie: string) =>
    ask(t.app, url, {
      method,
      headers: { 'Content-Type': type, Origin: origin, Cookie: cookie },
      body,
    })

  const messageCount = async () =>
    Number(
      (
        await t.context.db.kysely
          .selectFrom('message')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    )

  beforeAll(async () => {
    t = await createTestApp(dialect)
    owner = await signUpAndIn(t.context, { name: 'Olga Owner' })
    asker = await signUpAndIn(t.context, { name: 'Ari Asker' })
    stranger = await signUpAndIn(t.context, { name: 'Stan Stranger' })
    const home = await insertListing(t.context, { userRef: owner.id })
    const started = await send(
      'POST',
      `/api/listings/${home.id}/conversations`,
      JSON.stringify({ body: 'Hello' }),
      'application/json',
      asker.cookie,
    )
    conversation = successBody<Conversation>(started)
  })
  afterAll(() => t?.close())

  it(
    'stores a message only from a valid body, trimmed, and nothing otherwise',
    async () => {
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(
          hostileBody({ body: 'Hello' }, plausible),
          contentType,
          async (text, type) => {
            // The hourly limit has its own test; here every case is a first try.
            await t.context.db.kysely.deleteFrom('request_limit').execute()
            const before = await messageCount()
            const url = `/api/conversations/${conversation.id}/messages`
            const response = await send('POST', url, text, type, asker.cookie)
            const input = acceptedBody(messageSchema, text, type)
            const stored = response.status === 201 || response.status === 200
            tally.count(stored)
            if (stored) {
              expect(input, abbreviate(text)).toBeDefined()
              const message = successBody<Message>(response)
              expect(message.body).toBe(input!.body)
              expect(message.from.id).toBe(asker.id)
              expect(await messageCount()).toBe(before + (response.status === 201 ? 1 : 0))
            } else {
              expectErrorResponse(response)
              expect(input, `rejected ${abbreviate(text)}: ${response.text}`).toBeUndefined()
              expect(await messageCount()).toBe(before)
            }
            expectNoPrototypePollution()
          },
        ),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'responds 404 to anyone but the participants, and 401 without a valid session, whatever the id',
    async () => {
      // Segments the URL keeps as one (not '.', '..' or a slash, which lead to other routes).
      const oneSegment = (segment: string) =>
        /^\/api\/conversations\/[^/]+$/.test(
          new URL(`/api/conversations/${segment}`, origin).pathname,
        )
      const id = fc.oneof(hostileSegment.filter(oneSegment), fc.constant(conversation.id))
      const request = fc.constantFrom(
        ['GET', ''],
        ['GET', '?before=x'],
        ['POST', '/messages'],
        ['POST', '/read'],
      )
      const cookie = fc.oneof(
        fc.constant(stranger.cookie),
        forgedSessionCookie(asker.cookie),
        fc.constant(''),
      )
      await fc.assert(
        fc.asyncProperty(id, request, cookie, async (segment, [method, rest], from) => {
          // A character replaced by itself leaves the asker's own cookie.
          fc.pre(from !== asker.cookie)
          const before = await messageCount()
          const body = method === 'POST' ? JSON.stringify({ body: 'Let me in' }) : undefined
          const response = await ask(t.app, `/api/conversations/${segment}${rest}`, {
            method,
            headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: from },
            body,
          })
          expectErrorResponse(response)
          // The stranger is signed in: every id is one they cannot see. A forged cookie is none.
          expect(response.status).toBe(from === stranger.cookie ? 404 : 401)
          expect(await messageCount()).toBe(before)
        }),
        fuzzParameters(),
      )
    },
    fuzzTimeout(),
  )
})
