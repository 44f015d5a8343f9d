// A landlord's page: from a listing, the landlord's name leads to their page, with since when
// they are here, how they reply (once 3 conversations say it), and their homes on the market
// only. Conversations are stored with chosen times, so the figures are known in advance.
import type { Page } from '@playwright/test'
import { newId } from '../../src/server/ids'
import { axeViolations } from '../support/e2e/axe'
import { allowConsoleErrors } from '../support/e2e/fixtures'
import { expect, test } from '../support/e2e/session'

const phone = { width: 390, height: 844 }
const desktop = { width: 1440, height: 900 }
const minute = 60_000

/** Both layouts of the page, kept for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const [size, viewport] of Object.entries({ phone, desktop })) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: test.info().outputPath(`${name}-${size}.png`), fullPage: true })
  }
  await page.setViewportSize(phone)
}

test.describe("a landlord's page", () => {
  test('follows the name on a listing to the landlord: member since, reply figures, active homes', async ({
    page,
    newUser,
    listingOf,
    seededApp,
  }) => {
    const word = newId(6).replace(/[^A-Za-z]/g, 'q')
    const landlord = await newUser('landlord', `Chloé ${word} Dubois`)
    const first = await listingOf(landlord, { name: `Garden Flat ${word}` })
    const second = await listingOf(landlord, { name: `River Loft ${word}` })
    const sold = await listingOf(landlord, { type: 'sale', name: `Sold House ${word}` })
    await seededApp.writes.changeStatus(sold.id, landlord.id, 'sold')

    // Four conversations this month: replied after 50, 70 and 100 minutes, one never.
    const askers = [await newUser('asker'), await newUser('asker')]
    const replies = [50, 70, 100, null]
    const now = Date.now()
    await seededApp.db.kysely
      .insertInto('conversation')
      .values(
        replies.map((replyMinutes, n) => {
          const createdAt = now - (n + 1) * 24 * 60 * minute
          return {
            id: newId(),
            listingId: [first, second][n % 2]!.id,
            askerId: askers[Math.floor(n / 2)]!.id,
            ownerId: landlord.id,
            createdAt,
            lastMessageId: newId(),
            firstReplyAt: replyMinutes === null ? null : createdAt + replyMinutes * minute,
          }
        }),
      )
      .execute()

    await page.setViewportSize(phone)
    await page.goto(`/category/rent/${first.id}`)
    const listedBy = page.getByText(`Listed by ${landlord.name}`)
    await expect(listedBy).toContainText('Usually replies within 2 hours')
    await screenshots(page, 'listing-listed-by')
    await listedBy.getByRole('link', { name: landlord.name }).click()

    await expect(page).toHaveURL(`/users/${landlord.id}`)
    await expect(page).toHaveTitle(`${landlord.name} | House Marketplace`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(landlord.name)
    const monthYear = new Date().toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    })
    await expect(page.getByText(`Member since ${monthYear}`)).toBeVisible()
    // The median of 50, 70 and 100 minutes is 70: within 2 hours; 3 of 4 replied to.
    await expect(page.getByText('Usually replies within 2 hours')).toBeVisible()
    await expect(page.getByText('Replies to 75% of messages')).toBeVisible()

    const homes = page.getByRole('region', { name: 'Homes on the market' })
    await expect(homes.getByRole('link', { name: new RegExp(`Garden Flat ${word}`) })).toBeVisible()
    await expect(homes.getByRole('link', { name: new RegExp(`River Loft ${word}`) })).toBeVisible()
    await expect(homes.getByRole('listitem')).toHaveCount(2)
    await expect(page.getByText(`Sold House ${word}`)).toHaveCount(0)

    expect(await axeViolations(page)).toEqual([])
    await screenshots(page, 'landlord')
    await page.setViewportSize(desktop)
    expect(await axeViolations(page)).toEqual([])

    // Server-rendered: the name and the homes are in the page before any script runs.
    const html = await (await page.request.get(`/users/${landlord.id}`)).text()
    expect(html).toContain(`>${landlord.name}</h1>`)
    expect(html).toContain(`Garden Flat ${word}`)
    expect(html).not.toContain(landlord.email)
  })

  test('says nothing of replies before 3 conversations, and not found for an unknown user', async ({
    page,
    newUser,
  }) => {
    const newcomer = await newUser('newcomer', 'Noor Haddad')
    await page.goto(`/users/${newcomer.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Noor Haddad')
    await expect(page.getByText(/^Member since /)).toBeVisible()
    await expect(page.getByText('No homes on the market right now')).toBeVisible()
    await expect(page.getByText(/replies/i)).toHaveCount(0)
    expect(await axeViolations(page)).toEqual([])

    allowConsoleErrors(page, /404/)
    const missing = await page.goto('/users/NoSuchUser0000000000')
    expect(missing?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible()
  })
})
