// An alert from end to end: save a search with instant alerts, another user lists a home that
// matches, the mail arrives (a real SMTP server), and its links open the home, the search and the
// unsubscribe page, whose button turns the alerts off. Alerts go to verified addresses only.
import { newId } from '../../src/server/ids'
import type { SavedSearchList } from '../../src/shared/saved-search'
import { caughtMail, toastWith } from '../support/e2e/accounts'
import { markEmailVerified } from '../support/e2e/verified-email'
import { expect, test } from '../support/e2e/session'

/** The links of a mail's HTML part, by their text. */
function linkTo(html: string, text: string): string {
  const match = new RegExp(`<a href="([^"]+)"[^>]*>(?:<[^>]+>)*${text}`).exec(html)
  if (!match) throw new Error(`No link '${text}' in the mail`)
  return match[1]!.replace(/&#38;/g, '&')
}

test('save a search, receive its alert, follow its links and unsubscribe', async ({
  page,
  account,
  newUser,
  listingOf,
  seededApp,
}) => {
  // Alerts go only to verified addresses.
  await markEmailVerified(seededApp, account.email)
  // A word no other listing has, so the search finds this journey's home alone.
  const word = `Zed${newId(6).toLowerCase()}`
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/search?q=${word}`)
  await page.getByRole('button', { name: 'Save this search' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this search' })
  await dialog.getByRole('radio', { name: 'Instant' }).check()
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(
    toastWith(page, 'Search saved: find it under Saved searches in your Profile'),
  ).toBeVisible()

  const owner = await newUser('owner', 'Owner Person')
  const listing = await listingOf(owner, { name: `Flat ${word}` })
  const mail = await caughtMail(page.request, account.email)
  expect(mail.subject).toBe(`New home for "${word}": ${listing.name}`)
  expect(mail.text).toContain(listing.name)

  await page.goto(linkTo(mail.html, listing.name))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(listing.name)

  await page.goto(linkTo(mail.html, 'See every result'))
  const results = page.getByRole('region', { name: 'Results' }).getByRole('listitem')
  await expect(results).toHaveCount(1)
  await expect(results.first()).toContainText(listing.name)

  await page.goto(linkTo(mail.html, 'Turn off these alerts'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop these alerts?')
  await page.getByRole('button', { name: 'Stop alerts' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alerts are off')
  const response = await page.request.get('/api/saved-searches')
  const { items } = (await response.json()) as SavedSearchList
  expect(items.map((item) => item.alerts)).toEqual(['off'])
})
