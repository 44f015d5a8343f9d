// Messages: two people in two browsers. One asks about a home, the landlord sees the unread count
// in the header and on Profile, opens the conversation (the count goes), and replies; the one who
// asked sees the reply arrive without reloading. Older messages load on scroll up, links are links
// and HTML is text, a failed reply is retried and stored once, and signing out stops the polling.
import path from 'node:path'
import type { Page } from '@playwright/test'
import type { AppContext } from '../../src/server/app'
import type { Conversation } from '../../src/shared/conversation'
import type { Listing } from '../../src/shared/listing'
import { axeViolations } from '../support/e2e/axe'
import { allowConsoleErrors } from '../support/e2e/fixtures'
import {
  expect,
  seededServer,
  signedInPage,
  signIn,
  test,
  type TestUser,
} from '../support/e2e/session'

const desktop = { width: 1440, height: 900 }
const phone = { width: 390, height: 844 }

/** A conversation about the listing, its messages stored by the server's own code in this order. */
async function conversationOf(
  app: AppContext,
  listing: Listing,
  asker: TestUser,
  messages: { from: TestUser; body: string }[],
): Promise<string> {
  const [first, ...rest] = messages
  const { conversationId } = await app.conversations.ask(listing, asker.id, { body: first!.body })
  const participants = { id: conversationId, askerId: asker.id, ownerId: listing.userRef }
  for (const message of rest) {
    await app.conversations.send(participants, message.from.id, { body: message.body })
  }
  return conversationId
}

const bubbles = (page: Page) => page.getByRole('region', { name: 'Messages' }).getByRole('listitem')
/** The bubble of the message with exactly this text (its text starts with who said it). */
const bubbleSaying = (page: Page, text: string) =>
  bubbles(page).filter({ has: page.locator('p', { hasText: new RegExp(`: ${text}$`) }) })
const replyBox = (page: Page) => page.getByRole('textbox', { name: /^Reply to / })
const headerMessages = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Messages/ })

test('the landlord sees the unread count, opens the conversation, and the reply shows live', async ({
  page,
  context,
  browser,
  newUser,
  listingOf,
  seededApp,
}) => {
  const landlord = await newUser('landlord', 'Bea Landlord')
  const asker = await newUser('asker', 'Al Asker')
  const listing = await listingOf(landlord)
  await signIn(seededApp, context, landlord)
  const askerPage = await signedInPage(browser, seededApp, asker)

  // The one who asks, through the API as the listing page does, signed in.
  const asked = await askerPage.request.post(`/api/listings/${listing.id}/conversations`, {
    data: { body: 'Hi, is this home still available?\nWe would move in March.' },
    headers: { Origin: seededServer },
  })
  expect(asked.status()).toBe(201)
  const { id } = (await asked.json()) as Conversation
  await askerPage.goto(`/messages/${id}`)
  await expect(bubbles(askerPage)).toHaveCount(1)

  await page.setViewportSize(desktop)
  await page.goto('/profile')
  await expect(headerMessages(page)).toHaveAccessibleName('Messages, 1 unread')
  const profileLink = page.getByRole('main').getByRole('link', { name: /^Messages/ })
  await expect(profileLink).toHaveAccessibleName('Messages, 1 unread')

  await headerMessages(page).click()
  await expect(page).toHaveURL(/\/messages$/)
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible()
  const row = page.getByRole('list', { name: 'Conversations' }).getByRole('link')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Al Asker')
  await expect(row).toContainText(listing.name)
  // The first line of the last message only, and when it came.
  await expect(row).toContainText('Hi, is this home still available?')
  await expect(row).not.toContainText('March')
  await expect(row).toContainText('just now')
  await expect(row).toContainText('1 unread message')
  await expect(row.getByRole('img')).toHaveCount(0)
  await expect(row.locator('img')).toHaveAttribute('src', /\/w400\.webp$/)

  await row.click()
  await expect(page).toHaveURL(new RegExp(`/messages/${id}$`))
  await expect(page.getByRole('heading', { name: 'Conversation with Al Asker' })).toBeVisible()
  await expect(page.getByRole('link', { name: listing.name })).toHaveAttribute(
    'href',
    `/category/rent/${listing.id}`,
  )
  // Opening it marks it read: the count goes, in the header and on Profile.
  await expect(headerMessages(page)).toHaveAccessibleName('Messages')
  await expect(bubbles(page).first()).toContainText('We would move in March.')

  // On a desktop Shift+Enter starts a new line and Enter sends.
  const reply = replyBox(page)
  await reply.fill('Yes, it is!')
  await reply.press('Shift+Enter')
  await reply.pressSequentially('Come and see it on Saturday.')
  await expect(reply).toHaveValue('Yes, it is!\nCome and see it on Saturday.')
  await reply.press('Enter')
  await expect(reply).toHaveValue('')
  const sent = bubbles(page).last()
  await expect(sent).toContainText('Come and see it on Saturday.')
  await expect(sent).not.toContainText('Sending…')
  // The line break is kept as typed.
  expect(await sent.locator('p').innerText()).toContain('Yes, it is!\nCome and see it on Saturday.')

  // The one who asked has the conversation open: the reply arrives within 3 seconds, no reload.
  await expect(bubbles(askerPage).last()).toContainText('Come and see it on Saturday.', {
    timeout: 3_000,
  })
  await expect(bubbles(askerPage)).toHaveCount(2)
  // Arriving on an open conversation in a visible tab, it is read at once: no count, no mail.
  await expect
    .poll(async () => {
      const response = await askerPage.request.get('/api/conversations/unread')
      return ((await response.json()) as { count: number }).count
    })
    .toBe(0)

  await page.goto('/profile')
  await expect(profileLink).toHaveAccessibleName('Messages')
  await askerPage.context().close()
})

test("the desktop header keeps 'Messages' and its count on one line from 1024px", async ({
  page,
  newUser,
  listingOf,
  seededApp,
}) => {
  const landlord = await newUser('landlord', 'Bartholomew Landlord-Smith')
  const asker = await newUser('asker', 'Al Asker')
  const listing = await listingOf(landlord)
  await conversationOf(seededApp, listing, asker, [{ from: asker, body: 'Hello' }])
  await signIn(seededApp, page.context(), landlord)
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/offers')
    await expect(headerMessages(page)).toHaveAccessibleName('Messages, 1 unread')
    const site = page.getByRole('navigation', { name: 'Site' })
    // Nothing wraps or spills out: the header is one row as tall as before.
    const overflow = await site.evaluate((nav) => nav.scrollWidth - nav.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    const heights = await site
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height))
    expect(Math.max(...heights)).toBeLessThan(48)
    await page.screenshot({ path: shot(test.info().outputPath(), `header-${width}`) })
  }
})

test('the inbox lists the latest conversation first, 20 at a time, with Load More', async ({
  page,
  account,
  newUser,
  listingOf,
  seededApp,
}) => {
  const landlord = await newUser('landlord', 'Bea Landlord')
  const names: string[] = []
  for (let index = 1; index <= 21; index++) {
    const listing = await listingOf(landlord, { name: `Inbox home number ${index}` })
    await conversationOf(seededApp, listing, account, [{ from: account, body: `Hello ${index}` }])
    names.unshift(listing.name)
  }
  await page.goto('/messages')
  const rows = page.getByRole('list', { name: 'Conversations' }).getByRole('link')
  await expect(rows).toHaveCount(20)
  await expect(rows.first()).toContainText(names[0]!)
  // The caller's own last message is no unread mark.
  await expect(rows.first()).toContainText('You: Hello 21')
  await expect(rows.first()).not.toContainText('unread')
  await page.getByRole('button', { name: 'Load More' }).click()
  await expect(rows).toHaveCount(21)
  await expect(rows.last()).toContainText(names[20]!)
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0)
})

test('older messages load when scrolled to the top, keeping the reader where they were', async ({
  page,
  account,
  newUser,
  listingOf,
  seededApp,
}) => {
  const landlord = await newUser('landlord', 'Bea Landlord')
  const listing = await listingOf(landlord)
  const messages = Array.from({ length: 120 }, (_, index) => ({
    from: index % 2 === 0 ? account : landlord,
    body: `Message ${index + 1}`,
  }))
  const id = await conversationOf(seededApp, listing, account, messages)

  await page.setViewportSize(desktop)
  await page.goto(`/messages/${id}`)
  // It opens at the newest message, with the newest 50 of them.
  await expect(bubbles(page)).toHaveCount(50)
  await expect(bubbleSaying(page, 'Message 120')).toBeInViewport()
  await expect(bubbles(page).first().locator('p')).toHaveText(/: Message 71$/)

  const region = page.getByRole('region', { name: 'Messages' })
  const readingTop = async () => (await bubbleSaying(page, 'Message 71').boundingBox())!.y
  await region.evaluate((element) => (element.scrollTop = 0))
  await expect(bubbles(page)).toHaveCount(100)
  await expect(bubbleSaying(page, 'Message 21')).toHaveCount(1)
  await expect(bubbleSaying(page, 'Message 20')).toHaveCount(0)
  // What was on top stays where it was: the older ones came in above it, most out of view.
  const top = (await region.boundingBox())!.y
  expect(Math.abs((await readingTop()) - top)).toBeLessThan(200)
  await expect(bubbleSaying(page, 'Message 60')).not.toBeInViewport()

  await region.evaluate((element) => (element.scrollTop = 0))
  await expect(bubbles(page)).toHaveCount(120)
  await expect(bubbleSaying(page, 'Message 1')).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Load older messages' })).toHaveCount(0)
})

test('an address in a message is a user-content link, and HTML shows as the text typed', async ({
  page,
  account,
  newUser,
  listingOf,
  seededApp,
}) => {
  const landlord = await newUser('landlord', 'Bea Landlord')
  const listing = await listingOf(landlord)
  const html = '<img src=x onerror="document.title=1"><b>bold</b>'
  const id = await conversationOf(seededApp, listing, account, [
    { from: account, body: 'Is it this one? https://example.org/flat?id=7.' },
    { from: landlord, body: html },
  ])
  await page.goto(`/messages/${id}`)

  const link = bubbles(page).first().getByRole('link', { name: 'https://example.org/flat?id=7' })
  await expect(link).toHaveAttribute('href', 'https://example.org/flat?id=7')
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener')
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(bubbles(page).last()).toContainText(html)
  await expect(page.locator('main img[src="x"], main b:text("bold")')).toHaveCount(0)
})

test("a home sold since shows 'Sold' in the inbox and on the conversation", async ({
  page,
  account,
  newUser,
  listingOf,
  seededApp,
}) => {
  const landlord = await newUser('landlord', 'Bea Landlord')
  const listing = await listingOf(landlord, { type: 'sale' })
  const id = await conversationOf(seededApp, listing, account, [{ from: account, body: 'Hello' }])
  await seededApp.writes.changeStatus(listing.id, landlord.id, 'sold')

  await page.goto('/messages')
  const row = page.getByRole('list', { name: 'Conversations' }).getByRole('link')
  await expect(row).toContainText(`Sold ${listing.name}`)
  await row.click()
  await expect(page).toHaveURL(new RegExp(`/messages/${id}$`))
  const home = page.getByRole('link', { name: `Sold ${listing.name}` })
  await expect(home).toHaveAttribute('href', `/category/sale/${listing.id}`)
  // A closed home's conversation can still get a reply.
  await replyBox(page).fill('Congratulations on the sale!')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(bubbleSaying(page, 'Congratulations on the sale!')).toHaveCount(1)
})

test('a reply that fails to arrive is retried from its bubble and stored once', async ({
  page,
  account,
  newUser,
  listingOf,
  seededApp,
}) => {
  const landlord = await newUser('landlord', 'Bea Landlord')
  const listing = await listingOf(landlord)
  const id = await conversationOf(seededApp, listing, account, [
    { from: account, body: 'Hello, is the flat still free?' },
  ])
  await page.goto(`/messages/${id}`)
  await expect(bubbles(page)).toHaveCount(1)

  // The server stores the reply, but its response is lost on the way back.
  allowConsoleErrors(page, /Failed to load resource/)
  await page.route('**/api/conversations/*/messages', async (route) => {
    await route.fetch()
    await route.abort('connectionfailed')
  })
  await replyBox(page).fill('Can I see it tomorrow?')
  await page.getByRole('button', { name: 'Send' }).click()
  const failed = bubbles(page).filter({ hasText: 'Not sent' })
  await expect(failed).toContainText('Can I see it tomorrow?')
  await expect(failed).toContainText('Not sent: no connection.')

  await page.unroute('**/api/conversations/*/messages')
  await failed.getByRole('button', { name: 'Retry' }).click()
  await expect(failed).toHaveCount(0)
  await expect(bubbles(page).filter({ hasText: 'Can I see it tomorrow?' })).toHaveCount(1)
  const stored = await seededApp.db.kysely
    .selectFrom('message')
    .select('id')
    .where('conversationId', '=', id)
    .where('body', '=', 'Can I see it tomorrow?')
    .execute()
  expect(stored).toHaveLength(1)
})

test('a conversation that is not theirs is not found', async ({
  page,
  account,
  newUser,
  listingOf,
  seededApp,
}) => {
  expect(account.id).toBeTruthy()
  const landlord = await newUser('landlord', 'Bea Landlord')
  const asker = await newUser('asker', 'Al Asker')
  const listing = await listingOf(landlord)
  const id = await conversationOf(seededApp, listing, asker, [{ from: asker, body: 'Hello' }])
  allowConsoleErrors(page, /404/)
  await page.goto(`/messages/${id}`)
  await expect(page.getByText('Conversation not found')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Messages' })).toBeVisible()
  await expect(page.getByText('Hello')).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])
})

test('once the session is gone, nothing asks for conversations, and the draft waits', async ({
  page,
  account,
  newUser,
  listingOf,
  seededApp,
}) => {
  const landlord = await newUser('landlord', 'Bea Landlord')
  const listing = await listingOf(landlord)
  const id = await conversationOf(seededApp, listing, account, [
    { from: account, body: 'Hello' },
    { from: landlord, body: 'Hi there' },
  ])
  await page.clock.install()
  await page.setViewportSize(desktop)
  await page.goto(`/messages/${id}`)
  await expect(bubbles(page)).toHaveCount(2)
  // It polls while open.
  const polled = page.waitForRequest((request) =>
    request.url().includes(`/api/conversations/${id}`),
  )
  await page.clock.runFor(2_500)
  await polled

  // A reply half written when the session ends waits for their return.
  await replyBox(page).fill('Half-written reply')

  // Signed out from elsewhere: the next poll is rejected, and the app sends them to sign in.
  allowConsoleErrors(page, /401/)
  const signedOut = await page.request.post('/api/auth/sign-out', {
    headers: { Origin: seededServer },
    data: {},
  })
  expect(signedOut.ok()).toBe(true)
  await page.clock.runFor(2_500)
  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(headerMessages(page)).toHaveCount(0)

  const asked: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/conversations')) asked.push(request.url())
  })
  // A minute of the page's timers: no poll of the conversation, the inbox or the count.
  await page.clock.runFor(60_000)
  // Any request the timers made is reported before this one.
  await page.evaluate(() => fetch('/healthz'))
  expect(asked).toEqual([])

  await signIn(seededApp, page.context(), account)
  await page.goto(`/messages/${id}`)
  await expect(replyBox(page)).toHaveValue('Half-written reply')
})

test('a hidden tab stops asking for new messages until it shows again', async ({
  page,
  account,
  newUser,
  listingOf,
  seededApp,
}) => {
  const landlord = await newUser('landlord', 'Bea Landlord')
  const listing = await listingOf(landlord)
  const id = await conversationOf(seededApp, listing, account, [{ from: account, body: 'Hello' }])
  await page.clock.install()
  // Opening marks the conversation read, and the header then reads the unread count again: both
  // come after the bubbles, and neither is a poll. Wait for that count before hiding the tab.
  const responses: string[] = []
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    responses.push(`${response.request().method()} ${pathname}`)
  })
  await page.goto(`/messages/${id}`)
  await expect(bubbles(page)).toHaveCount(1)
  await expect
    .poll(() => {
      const markedRead = responses.indexOf(`POST /api/conversations/${id}/read`)
      return (
        markedRead >= 0 && responses.slice(markedRead).includes('GET /api/conversations/unread')
      )
    })
    .toBe(true)

  const polls: string[] = []
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((visibility) => {
      Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true })
      Object.defineProperty(document, 'hidden', {
        value: visibility === 'hidden',
        configurable: true,
      })
      document.dispatchEvent(new Event('visibilitychange'))
    }, state)
  await setVisibility('hidden')
  page.on('request', (request) => {
    if (request.url().includes('/api/conversations')) polls.push(request.url())
  })
  await page.clock.runFor(30_000)
  await page.evaluate(() => fetch('/healthz'))
  expect(polls).toEqual([])

  // Back on screen, it asks again and shows what came meanwhile.
  await seededApp.conversations.send(
    { id, askerId: account.id, ownerId: landlord.id },
    landlord.id,
    { body: 'Sorry for the wait' },
  )
  await setVisibility('visible')
  await page.clock.runFor(2_500)
  await expect(bubbleSaying(page, 'Sorry for the wait')).toHaveCount(1)
})

for (const [device, viewport] of Object.entries({ phone, desktop })) {
  test(`the inbox and a conversation pass axe on a ${device}, with screenshots`, async ({
    page,
    account,
    newUser,
    listingOf,
    seededApp,
  }, testInfo) => {
    const landlord = await newUser('landlord', 'Maria Fernández')
    const other = await newUser('landlord', 'Tom Becker')
    const listing = await listingOf(landlord, { name: 'Sunny loft by the river' })
    const second = await listingOf(other, { name: 'Family house with garden', type: 'sale' })
    await conversationOf(seededApp, second, account, [
      { from: account, body: 'Hello! Is the garden south-facing?' },
      { from: other, body: 'Yes, it gets the sun all afternoon.' },
    ])
    const id = await conversationOf(seededApp, listing, account, [
      { from: account, body: 'Hi, is this home still available?' },
      { from: landlord, body: 'Hello! Yes, it is.\nWould you like to visit this week?' },
      { from: account, body: 'Thursday at 6 pm would suit me. Photos: https://example.org/loft' },
      { from: landlord, body: 'Thursday at 6 works. See you then!' },
    ])
    await page.setViewportSize(viewport)

    await page.goto('/messages')
    await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('link')).toHaveCount(2)
    await page.waitForFunction(() => [...document.images].every((image) => image.complete))
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: shot(testInfo.outputPath(), `inbox-${device}`) })

    await page.goto(`/messages/${id}`)
    await expect(bubbles(page)).toHaveCount(4)
    await expect(bubbles(page).last()).toBeInViewport()
    // The reply box is on screen, above the bottom navigation.
    const box = (await replyBox(page).boundingBox())!
    const navigation = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(navigation.y)
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: shot(testInfo.outputPath(), `conversation-${device}`) })
  })
}

test.describe('on a touch phone', () => {
  test.use({ viewport: phone, hasTouch: true, isMobile: true })

  test('Enter starts a new line and Send sends', async ({
    page,
    account,
    newUser,
    listingOf,
    seededApp,
  }) => {
    const landlord = await newUser('landlord', 'Bea Landlord')
    const listing = await listingOf(landlord)
    const id = await conversationOf(seededApp, listing, account, [{ from: account, body: 'Hi' }])
    await page.goto(`/messages/${id}`)
    await expect(bubbles(page)).toHaveCount(1)
    await replyBox(page).fill('First line')
    await replyBox(page).press('Enter')
    await replyBox(page).pressSequentially('Second line')
    await expect(replyBox(page)).toHaveValue('First line\nSecond line')
    await expect(bubbles(page)).toHaveCount(1)
    await page.getByRole('button', { name: 'Send' }).tap()
    await expect(bubbles(page)).toHaveCount(2)
    await expect(bubbles(page).last()).toContainText('Second line')
    await expect(replyBox(page)).toHaveValue('')
  })
})

/** Where a screenshot goes: the test's output, and E2E_SCREENSHOTS when set, to look at. */
function shot(outputPath: string, name: string): string {
  const folder = process.env.E2E_SCREENSHOTS ?? outputPath
  return path.join(folder, `${name}.png`)
}
