// Sign in with Google, against a real OpenID provider on this machine (support/services.ts): the
// popup goes through the provider's login and consent pages and back to the app.
//
// Starting a provider sign-in is limited to 3 in 10 seconds from one address: the three popup
// journeys on the seeded server below are all this file may make there.
import type { Page } from '@playwright/test'
import { allowConsoleErrors, emptyServer, expect, test } from '../support/e2e/fixtures'
import { toastWith, uniqueEmail } from '../support/e2e/accounts'
import { oidcIssuer, oidcUserName } from '../support/e2e/ports'

/** Clicks the Google button and completes the popup once it shows the provider's login page. */
async function openProviderLogin(page: Page) {
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Sign in with Google' }).click()
  const popup = await popupOpened
  await expect(popup.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible()
  expect(new URL(popup.url()).origin).toBe(oidcIssuer)
  return popup
}

test.describe('Sign in with Google', () => {
  test("signs in through the popup, lands on Explore, and the profile shows the provider's name and e-mail", async ({
    page,
  }) => {
    const email = uniqueEmail('google')
    await page.goto('/sign-in')
    const popup = await openProviderLogin(page)

    await popup.getByLabel('Email').fill(email)
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await expect(popup.getByRole('heading', { name: 'Allow access' })).toBeVisible()
    await expect(popup.getByText('openid email profile')).toBeVisible()
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Allow' }).click()
    await closed

    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Profile' })
      .click()
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(oidcUserName)
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
    // The provider vouches for the address: no verification mail, nothing to verify.
    await expect(page.getByRole('heading', { name: 'Verify your e-mail' })).toHaveCount(0)
    const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
      user: { emailVerified: boolean }
    }
    expect(session.user.emailVerified).toBe(true)
  })

  test("closing the popup says 'Could not authorize with Google'", async ({ page }) => {
    await page.goto('/sign-in')
    const popup = await openProviderLogin(page)
    await popup.close()

    await expect(toastWith(page, 'Could not authorize with Google')).toBeVisible()
    await expect(page).toHaveURL(/\/sign-in$/)
    await page.goto('/profile')
    await expect(page).toHaveURL(/\/sign-in$/)
  })

  test("cancelling at the provider says 'Could not authorize with Google'", async ({ page }) => {
    await page.goto('/sign-up')
    const popupOpened = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Sign up with Google' }).click()
    const popup = await popupOpened
    await expect(popup.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible()
    // The provider returns access_denied; the app's callback sends the popup to its error page.
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Cancel' }).click()
    await closed

    await expect(toastWith(page, 'Could not authorize with Google')).toBeVisible()
    await expect(page).toHaveURL(/\/sign-up$/)
  })

  test("without a configured provider the button says 'Could not authorize with Google'", async ({
    page,
  }) => {
    // The empty server runs without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.
    allowConsoleErrors(page, /status of 404/)
    // With the scripts held back, the button the server drew is off: a click on it would do nothing.
    let releaseScripts = () => {}
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve))
    await page.route('**/assets/*.js', async (route) => {
      await scriptsReleased
      await route.continue()
    })
    await page.goto(`${emptyServer}/sign-in`, { waitUntil: 'commit' })
    const button = page.getByRole('button', { name: 'Sign in with Google' })
    await expect(button).toBeDisabled()
    releaseScripts()
    await expect(button).toBeEnabled()
    const popupOpened = page.waitForEvent('popup')
    await button.click()
    const popup = await popupOpened

    await expect(toastWith(page, 'Could not authorize with Google')).toBeVisible()
    await expect.poll(() => popup.isClosed()).toBe(true)
    await expect(page).toHaveURL(`${emptyServer}/sign-in`)
  })
})
