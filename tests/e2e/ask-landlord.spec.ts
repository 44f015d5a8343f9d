// Asking a landlord in the app: from the listing page with the suggested first line (a second
// message continues the same conversation), as a visitor who signs in on the way with their draft
// kept, and on the contact page of a landlord who hides their e-mail. The owner is offered none.
import type { Page } from '@playwright/test'
import type { Conversation } from '../../src/shared/conversation'
import type { Listing } from '../../src/shared/listing'
import { listingPagePath } from '../../src/shared/screens'
import { toastWith } from '../support/e2e/accounts'
import { axeViolations } from '../support/e2e/axe'
import { allowConsoleErrors } from '../support/e2e/fixtures'
import { expect, signIn, test } from '../support/e2e/session'

const suggestion = 'Hi, is this home still available?'
const screenshots = '/tmp/ask'

/** The conversation as its asker reads it from the API. */
async function conversationFromApi(page: Page, path: string): Promise<Conversation> {
  const id = path.split('/').pop()!
  const response = await page.request.get(`/api/conversations/${id}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as Conversation
}

/** Phone and desktop pictures of what the page shows now, to look at. */
async function screenshotBoth(page: Page, name: string, focus: string) {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page
      .getByText(focus)
      .first()
      .evaluate((element) => element.scrollIntoView({ block: 'center' }))
    await page.screenshot({ path: `${screenshots}/${name}-${width}.png` })
  }
  await page.setViewportSize({ width: 412, height: 860 })
}

test('a signed-in visitor asks with the suggested line, then follows the link to the conversation', async ({
  page,
  account,
  newUser,
  listingOf,
}) => {
  const landlord = await newUser('landlord', 'Ana Lima Souza')
  const listing = await listingOf(landlord)
  await page.goto(listingPagePath(listing))

  await expect(page.getByRole('link', { name: 'Contact Landloard' })).toBeVisible()
  const ask = page.getByRole('button', { name: 'Message Ana', exact: true })
  await expect(ask).toHaveAttribute('aria-expanded', 'false')
  await ask.click()
  await expect(ask).toHaveAttribute('aria-expanded', 'true')
  const box = page.getByLabel('Your message to Ana')
  await expect(box).toHaveValue(suggestion)
  await expect(box).toBeFocused()
  expect(await axeViolations(page)).toEqual([])
  await screenshotBoth(page, 'listing-box', 'Your message to Ana')

  // A lost connection says so and keeps the text; the same press again sends it once.
  allowConsoleErrors(page, /ERR_|Failed to load resource/)
  await page.route('**/api/listings/*/conversations', (route) => route.abort('connectionfailed'))
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Could not reach the server' }),
  ).toBeVisible()
  await expect(box).toHaveValue(suggestion)
  await page.unroute('**/api/listings/*/conversations')
  await page.getByRole('button', { name: 'Send', exact: true }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible()
  const view = page.getByRole('link', { name: 'View conversation' })
  const path = (await view.getAttribute('href'))!
  expect(path).toMatch(/^\/messages\/[\w-]+$/)
  const first = await conversationFromApi(page, path)
  expect(first.listing.id).toBe(listing.id)
  expect(first.asker.id).toBe(account.id)
  expect(first.owner.id).toBe(landlord.id)
  expect(first.messages.map((message) => message.body)).toEqual([suggestion])

  // A second message about the same home continues the same conversation.
  await page.getByRole('button', { name: 'Write another message' }).click()
  await expect(box).toHaveValue('')
  // Nothing to send is said beside the box, in the shared schema's words.
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Write a message' })).toBeVisible()
  await expect(box).toHaveAttribute('aria-invalid', 'true')
  await expect(box).toBeFocused()
  await box.fill('Is the parking spot included in the rent?')
  await expect(box).not.toHaveAttribute('aria-invalid')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(view).toHaveAttribute('href', path)
  const second = await conversationFromApi(page, path)
  expect(second.messages.map((message) => message.body)).toEqual([
    suggestion,
    'Is the parking spot included in the rent?',
  ])

  await view.click()
  await expect(page).toHaveURL(path)
})

test('a visitor writes, is sent to sign in, and comes back with the box open and the draft kept', async ({
  page,
  newUser,
  listingOf,
}) => {
  const landlord = await newUser('landlord', 'Bruno Keller')
  const visitor = await newUser('visitor', 'Vera Visitor')
  const listing = await listingOf(landlord)
  await page.goto(listingPagePath(listing))

  await page.getByRole('button', { name: 'Message Bruno', exact: true }).click()
  const draft = 'Hello Bruno,\ncould I visit on Saturday morning?'
  await page.getByLabel('Your message to Bruno').fill(draft)
  await page.getByRole('button', { name: 'Send', exact: true }).click()

  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(page.getByText('Sign in to send your message')).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill(visitor.email)
  await page.getByLabel('Password', { exact: true }).fill(visitor.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()

  await expect(page).toHaveURL(listingPagePath(listing))
  await expect(page.getByRole('button', { name: 'Message Bruno', exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  await expect(page.getByLabel('Your message to Bruno')).toHaveValue(draft)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible()
  const path = (await page.getByRole('link', { name: 'View conversation' }).getAttribute('href'))!
  const conversation = await conversationFromApi(page, path)
  expect(conversation.asker.id).toBe(visitor.id)
  expect(conversation.messages.map((message) => message.body)).toEqual([draft])

  // Sent, the draft is gone: the page opens with the box closed.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Message Bruno', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  )
})

test("a landlord hides their e-mail on Profile; the contact page then offers the app's message box", async ({
  page,
  browser,
  newUser,
  listingOf,
  seededApp,
  baseURL,
}) => {
  const landlord = await newUser('landlord', 'Chloé Martin')
  const listing: Listing = await listingOf(landlord)
  await signIn(seededApp, page.context(), landlord)

  await page.goto('/profile')
  const show = page.getByRole('switch', { name: 'Show my e-mail address to people who contact me' })
  await expect(show).toBeChecked()
  await expect(show).toBeEnabled()
  await screenshotBoth(page, 'profile-switch', 'Show my e-mail address')

  // A change the server never heard of is put back, and said so.
  allowConsoleErrors(page, /ERR_|Failed to load resource/)
  await page.route('**/api/users/me', (route) =>
    route.request().method() === 'PATCH' ? route.abort('connectionfailed') : route.fallback(),
  )
  await show.click()
  await expect(toastWith(page, 'Could not save whether your e-mail is shown')).toBeVisible()
  await expect(show).toBeChecked()
  await page.unroute('**/api/users/me')

  await show.click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved: your address is hidden' }),
  ).toBeVisible()
  await page.reload()
  await expect(show).not.toBeChecked()
  expect(await axeViolations(page)).toEqual([])

  // The owner is offered no way to write to themself.
  await page.goto(listingPagePath(listing))
  await expect(page.getByRole('link', { name: /Edit/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Contact Landloard' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Message / })).toHaveCount(0)

  const contactPath = `/contact/${landlord.id}?${new URLSearchParams({ listingName: listing.name, listingId: listing.id })}`
  // Neither the API nor the page the server renders gives the address away.
  const visitor = await browser.newContext({ baseURL })
  try {
    const profile = await visitor.request.get(`/api/users/${landlord.id}`)
    expect(await profile.json()).toEqual({ id: landlord.id, name: 'Chloé Martin' })
    const rendered = await (await visitor.request.get(contactPath)).text()
    expect(rendered).not.toContain(landlord.email)
    expect(rendered).toContain(
      'prefers messages in the app: your message goes to their inbox here.',
    )

    const contact = await visitor.newPage()
    await contact.goto(contactPath)
    await expect(contact.getByText('Contact Chloé Martin')).toBeVisible()
    await expect(
      contact.getByText(
        'Chloé Martin prefers messages in the app: your message goes to their inbox here.',
      ),
    ).toBeVisible()
    await expect(contact.getByLabel('Your message to Chloé')).toHaveValue(suggestion)
    await expect(contact.getByRole('button', { name: 'Send', exact: true })).toBeEnabled()
    await expect(contact.getByRole('link', { name: 'Send Message' })).toHaveCount(0)
    await expect(contact.locator('a[href^="mailto:"], form[action^="mailto:"]')).toHaveCount(0)
    expect(await axeViolations(contact)).toEqual([])
    await screenshotBoth(contact, 'contact-box', 'prefers messages in the app')
  } finally {
    await visitor.close()
  }

  // Turned on again, the page is the spec's mailto once more.
  await page.goto('/profile')
  await show.click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved: your address is shown' }),
  ).toBeVisible()
  await page.goto(contactPath)
  await expect(page.getByRole('link', { name: 'Send Message' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${landlord.email.replace(/[.+]/g, '\\$&')}\\?`),
  )
})

test('a home rented while the box is open says so on Send, and then offers no box', async ({
  page,
  account,
  browser,
  baseURL,
  newUser,
  listingOf,
  seededApp,
}) => {
  const landlord = await newUser('landlord', 'Dora Schmidt')
  const listing = await listingOf(landlord)
  await page.goto(listingPagePath(listing))
  await page.getByRole('button', { name: 'Message Dora', exact: true }).click()
  const box = page.getByLabel('Your message to Dora')
  await box.fill('Could I see it this week?')

  const owner = await browser.newContext({ baseURL })
  try {
    await signIn(seededApp, owner, landlord)
    const closed = await owner.request.patch(`/api/listings/${listing.id}/status`, {
      data: { status: 'rented' },
      headers: { Origin: baseURL! },
    })
    expect(closed.status(), await closed.text()).toBe(200)
  } finally {
    await owner.close()
  }

  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'This home is rented: no new conversations' }),
  ).toBeVisible()
  await expect(box).toHaveValue('Could I see it this week?')
  // Nothing started: the visitor's inbox is empty.
  const inbox = await page.request.get('/api/conversations')
  expect(inbox.status(), `the inbox of ${account.email}`).toBe(200)
  expect(((await inbox.json()) as { items: unknown[] }).items).toEqual([])
  allowConsoleErrors(page, /409/)

  await page.reload()
  await expect(page.getByRole('link', { name: 'Contact Landloard' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Message / })).toHaveCount(0)
})
