// /api/conversations and POST /api/listings/:id/conversations against a real database, on every
// dialect we support: who may read and write, the limits, idempotent resends and read state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Conversation, ConversationPage, Message } from '../../shared/conversation'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import {
  createTestApp,
  dialects,
  insertListing,
  requestJson,
  sendJson,
  type TestApp,
} from '../../../tests/support/test-app'

interface ErrorBody {
  error: string
  fields?: Record<string, string>
}

describe.each(dialects)('conversations API on %s', (dialect) => {
  let t: TestApp
  let owner: SignedInUser
  let asker: SignedInUser
  let stranger: SignedInUser

  beforeAll(async () => {
    t = await createTestApp(dialect)
    owner = await signUpAndIn(t.context, { name: 'Olivia Landlord' })
    asker = await signUpAndIn(t.context, { name: 'Ana Asker' })
    stranger = await signUpAndIn(t.context, { name: 'Sam Stranger' })
  })
  afterAll(() => t?.close())

  const listing = (fields: { status?: 'active' | 'sold' | 'rented'; userRef?: string } = {}) =>
    insertListing(t.context, { userRef: owner.id, name: 'Sunny Flat', images: ['a/b'], ...fields })
  const ask = (listingId: string, body: unknown, user: SignedInUser | undefined = asker) =>
    sendJson(t.app, 'POST', `/api/listings/${listingId}/conversations`, body, user?.cookie)
  const reply = (conversationId: string, body: unknown, user: SignedInUser) =>
    sendJson(t.app, 'POST', `/api/conversations/${conversationId}/messages`, body, user.cookie)
  const read = <T>(path: string, user?: SignedInUser) =>
    requestJson<T>(t.app, path, user && { headers: { Cookie: user.cookie } })
  const markRead = (conversationId: string, user: SignedInUser) =>
    t.app.request(`/api/conversations/${conversationId}/read`, {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000', Cookie: user.cookie },
    })
  const unread = async (user: SignedInUser) =>
    (await read<{ count: number }>('/api/conversations/unread', user)).body.count

  it('starts a conversation with the first message, and continues it with the second', async () => {
    const home = await listing()
    const first = await ask(home.id, { body: '  Hi, is this home still available?  ' })
    expect(first.status).toBe(201)
    const conversation = first.body as unknown as Conversation
    expect(conversation).toMatchObject({
      listing: { id: home.id, name: 'Sunny Flat', type: 'rent', status: 'active' },
      asker: { id: asker.id, name: 'Ana Asker' },
      owner: { id: owner.id, name: 'Olivia Landlord' },
      unread: 0,
      nextBefore: null,
    })
    expect(conversation.listing.imageUrl).toMatch(/a\/b/)
    expect(conversation.messages).toEqual([
      {
        id: expect.any(String),
        conversationId: conversation.id,
        from: { id: asker.id, name: 'Ana Asker' },
        body: 'Hi, is this home still available?',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ])
    const second = await ask(home.id, { body: 'And may I bring a cat?' })
    expect(second.status).toBe(201)
    const continued = second.body as unknown as Conversation
    expect(continued.id).toBe(conversation.id)
    expect(continued.messages.map((message) => message.body)).toEqual([
      'Hi, is this home still available?',
      'And may I bring a cat?',
    ])
  })

  it('shows a conversation to its two participants only: 404 for anyone else, 401 signed out', async () => {
    const home = await listing()
    const { body } = await ask(home.id, { body: 'Hello' })
    const id = (body as unknown as Conversation).id
    expect((await read(`/api/conversations/${id}`, owner)).status).toBe(200)
    expect((await read(`/api/conversations/${id}`, asker)).status).toBe(200)
    for (const path of [`/api/conversations/${id}`, `/api/conversations/no-such-id`]) {
      const response = await read<ErrorBody>(path, stranger)
      expect(response.status).toBe(404)
      expect(response.body.error).toBe('Conversation not found')
    }
    expect((await reply(id, { body: 'Let me in' }, stranger)).status).toBe(404)
    expect((await markRead(id, stranger)).status).toBe(404)
    expect((await read(`/api/conversations/${id}`)).status).toBe(401)
    expect((await read('/api/conversations')).status).toBe(401)
    expect((await read('/api/conversations/unread')).status).toBe(401)
    const signedOut = await sendJson(t.app, 'POST', `/api/listings/${home.id}/conversations`, {
      body: 'Hi',
    })
    expect(signedOut.status).toBe(401)
    // The stranger's inbox does not hold it either.
    const inbox = await read<ConversationPage>('/api/conversations', stranger)
    expect(inbox.body.items.map((item) => item.id)).not.toContain(id)
  })

  it('refuses an owner asking about their own listing (403) and a missing listing (404)', async () => {
    const home = await listing()
    const own = await ask(home.id, { body: 'Hello me' }, owner)
    expect(own.status).toBe(403)
    expect((own.body as unknown as ErrorBody).error).toMatch(/your own listing/)
    expect((await ask('no-such-listing', { body: 'Hi' })).status).toBe(404)
    expect((await ask('bad id!', { body: 'Hi' })).status).toBe(404)
  })

  it('refuses empty, long and direction-reversing bodies with a 400 naming body', async () => {
    const home = await listing()
    for (const body of ['', '   ', 'x'.repeat(2001), 'price \u202e0051', 'nul \u0000', 42]) {
      const response = await ask(home.id, { body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect((response.body as unknown as ErrorBody).fields?.body).toBeTruthy()
    }
    expect((await ask(home.id, { body: 'x'.repeat(2000) })).status).toBe(201)
    // Line breaks and right-to-left text are what people write.
    expect((await ask(home.id, { body: 'Line one\nשלום\r\nthree' })).status).toBe(201)
  })

  it('lets a closed listing’s conversation go on, and starts no new one (409)', async () => {
    const home = await listing()
    const { body } = await ask(home.id, { body: 'Still free?' })
    const id = (body as unknown as Conversation).id
    await t.context.db.kysely
      .updateTable('listing')
      .set({ status: 'rented' })
      .where('id', '=', home.id)
      .execute()
    expect((await reply(id, { body: 'Sorry, it is rented' }, owner)).status).toBe(201)
    expect((await ask(home.id, { body: 'Oh, no!' })).status).toBe(201)
    const late = await ask(home.id, { body: 'Me too?' }, stranger)
    expect(late.status).toBe(409)
    expect((late.body as unknown as ErrorBody).error).toBe(
      'This home is rented: no new conversations can start about it',
    )
    const shown = await read<Conversation>(`/api/conversations/${id}`, asker)
    expect(shown.body.listing.status).toBe('rented')
  })

  it('stores a message sent again with the same clientId once, responding 200 with it', async () => {
    const home = await listing()
    const clientId = 'first-message-0001'
    const first = await ask(home.id, { body: 'Hello once', clientId })
    expect(first.status).toBe(201)
    const again = await ask(home.id, { body: 'Hello once', clientId })
    expect(again.status).toBe(200)
    const conversation = again.body as unknown as Conversation
    expect(conversation.messages).toHaveLength(1)

    const replyId = 'owner-reply-000001'
    const stored = await reply(conversation.id, { body: 'Yes', clientId: replyId }, owner)
    expect(stored.status).toBe(201)
    const resent = await reply(conversation.id, { body: 'Yes', clientId: replyId }, owner)
    expect(resent.status).toBe(200)
    expect((resent.body as unknown as Message).id).toBe((stored.body as unknown as Message).id)
    const shown = await read<Conversation>(`/api/conversations/${conversation.id}`, owner)
    expect(shown.body.messages.map((message) => message.body)).toEqual(['Hello once', 'Yes'])
  })

  it('refuses a clientId already sent in another conversation (409), storing nothing', async () => {
    const [first, second] = [await listing(), await listing()]
    const clientId = 'reused-client-id-1'
    const asked = await ask(first.id, { body: 'About the first home', clientId })
    expect(asked.status).toBe(201)
    const other = await ask(second.id, { body: 'About the second home', clientId })
    expect(other.status).toBe(409)
    expect(other.body.fields).toHaveProperty('clientId')

    const conversation = asked.body as unknown as Conversation
    const started = await ask(second.id, { body: 'About the second home' })
    const secondId = (started.body as unknown as Conversation).id
    const replyId = 'owner-reused-id-01'
    expect((await reply(conversation.id, { body: 'Yes', clientId: replyId }, owner)).status).toBe(
      201,
    )
    const elsewhere = await reply(secondId, { body: 'It is free', clientId: replyId }, owner)
    expect(elsewhere.status).toBe(409)
    expect(elsewhere.body.error).toMatch(/another conversation/)
    const shown = await read<Conversation>(`/api/conversations/${secondId}`, owner)
    expect(shown.body.messages.map((message) => message.body)).toEqual(['About the second home'])
  })

  it('sends the same clientId at once from two requests and stores one message', async () => {
    const home = await listing()
    const body = { body: 'Racing', clientId: 'racing-client-id-1' }
    const responses = await Promise.all([
      ask(home.id, body),
      ask(home.id, body),
      ask(home.id, body),
    ])
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 201])
    const id = (responses[0]!.body as unknown as Conversation).id
    const shown = await read<Conversation>(`/api/conversations/${id}`, asker)
    expect(shown.body.messages).toHaveLength(1)
  })

  it('counts unread conversations and messages, and clears them when read', async () => {
    const reader = await signUpAndIn(t.context, { name: 'Rita Reader' })
    const writer = await signUpAndIn(t.context, { name: 'Will Writer' })
    const homes = [
      await insertListing(t.context, { userRef: reader.id }),
      await insertListing(t.context, { userRef: reader.id }),
    ]
    expect(await unread(reader)).toBe(0)
    const first = (await ask(homes[0]!.id, { body: 'One' }, writer)).body as unknown as Conversation
    await ask(homes[0]!.id, { body: 'Two' }, writer)
    await ask(homes[1]!.id, { body: 'Three' }, writer)
    expect(await unread(reader)).toBe(2)
    expect(await unread(writer)).toBe(0)
    const shown = await read<Conversation>(`/api/conversations/${first.id}`, reader)
    expect(shown.body.unread).toBe(2)
    expect((await markRead(first.id, reader)).status).toBe(204)
    expect(await unread(reader)).toBe(1)
    expect((await read<Conversation>(`/api/conversations/${first.id}`, reader)).body.unread).toBe(0)
    // A reply is unread for the other side.
    await reply(first.id, { body: 'Yes' }, reader)
    expect(await unread(writer)).toBe(1)
  })

  it('lists the inbox latest message first, page by page, with the last message', async () => {
    const busy = await signUpAndIn(t.context, { name: 'Bea Busy' })
    const ids: string[] = []
    for (let index = 0; index < 23; index += 1) {
      // More than a day's new conversations: the limit's count starts again (its own test is below).
      if (index === 20) await t.context.db.kysely.deleteFrom('request_limit').execute()
      const home = await insertListing(t.context, { userRef: owner.id, name: `Home ${index}` })
      const response = await ask(home.id, { body: `Question ${index}` }, busy)
      ids.push((response.body as unknown as Conversation).id)
    }
    // A reply moves the oldest conversation to the top.
    await reply(ids[0]!, { body: 'Reply to the first' }, owner)
    const first = await read<ConversationPage>('/api/conversations', busy)
    expect(first.body.items).toHaveLength(20)
    expect(first.body.items[0]).toMatchObject({
      id: ids[0],
      unread: 1,
      lastMessage: { body: 'Reply to the first', from: { id: owner.id } },
    })
    expect((first.body.items[0] as Partial<Conversation>).messages).toBeUndefined()
    expect(first.body.items[1]!.id).toBe(ids[22])
    const second = await read<ConversationPage>(
      `/api/conversations?cursor=${first.body.nextCursor}`,
      busy,
    )
    expect(second.body.nextCursor).toBeNull()
    const all = [...first.body.items, ...second.body.items].map((item) => item.id)
    expect(all).toEqual([ids[0], ...ids.slice(1).reverse()])
    const bad = await read<ErrorBody>('/api/conversations?cursor=nonsense', busy)
    expect(bad.status).toBe(400)
    expect(bad.body.fields?.cursor).toBeTruthy()
  })

  it('returns the newest 50 messages, and older ones by before', async () => {
    const home = await listing()
    const talker = await signUpAndIn(t.context, { name: 'Tom Talker' })
    const start = await ask(home.id, { body: 'Message 0' }, talker)
    const id = (start.body as unknown as Conversation).id
    for (let index = 1; index < 120; index += 1) {
      await reply(id, { body: `Message ${index}` }, index % 2 ? owner : talker)
    }
    const newest = await read<Conversation>(`/api/conversations/${id}`, talker)
    const bodies = (page: Conversation) => page.messages.map((message) => message.body)
    expect(bodies(newest.body)).toEqual(
      Array.from({ length: 50 }, (_, index) => `Message ${index + 70}`),
    )
    const older = await read<Conversation>(
      `/api/conversations/${id}?before=${newest.body.nextBefore}`,
      talker,
    )
    expect(bodies(older.body)[0]).toBe('Message 20')
    expect(bodies(older.body).at(-1)).toBe('Message 69')
    const oldest = await read<Conversation>(
      `/api/conversations/${id}?before=${older.body.nextBefore}`,
      talker,
    )
    expect(bodies(oldest.body)).toEqual(
      Array.from({ length: 20 }, (_, index) => `Message ${index}`),
    )
    expect(oldest.body.nextBefore).toBeNull()
    const other = await read<ErrorBody>(`/api/conversations/${id}?before=no-such-message`, talker)
    expect(other.status).toBe(400)
    expect(other.body.fields?.before).toBe('Not a message of this conversation')
  })

  it('allows 20 new conversations a day per account, then 429 with Retry-After', async () => {
    const eager = await signUpAndIn(t.context, { name: 'Eve Eager' })
    const homes = []
    for (let index = 0; index < 21; index += 1) homes.push(await listing())
    for (const home of homes.slice(0, 20)) {
      expect((await ask(home.id, { body: 'Free?' }, eager)).status).toBe(201)
    }
    const over = await t.app.request(`/api/listings/${homes[20]!.id}/conversations`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'http://localhost:3000',
        Cookie: eager.cookie,
      },
      body: JSON.stringify({ body: 'Free?' }),
    })
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(23 * 3600)
    expect(((await over.json()) as ErrorBody).error).toMatch(/20 conversations a day/)
    // Continuing a conversation started earlier is no new one.
    expect((await ask(homes[0]!.id, { body: 'Still there?' }, eager)).status).toBe(201)
  })

  it('allows 200 messages an hour per account, then 429 with Retry-After', async () => {
    const chatty = await signUpAndIn(t.context, { name: 'Cho Chatty' })
    const home = await listing()
    const start = await ask(home.id, { body: 'Message 1' }, chatty)
    const id = (start.body as unknown as Conversation).id
    for (let index = 2; index <= 200; index += 1) {
      const response = await reply(id, { body: `Message ${index}` }, chatty)
      expect(response.status).toBe(201)
    }
    const over = await t.app.request(`/api/conversations/${id}/messages`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'http://localhost:3000',
        Cookie: chatty.cookie,
      },
      body: JSON.stringify({ body: 'One too many' }),
    })
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(3000)
    // The other side may still reply.
    expect((await reply(id, { body: 'Please slow down' }, owner)).status).toBe(201)
  })
})
