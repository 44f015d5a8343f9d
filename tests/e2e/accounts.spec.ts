// Accounts in the browser: sign up, profile, sign out and in, protected routes, password reset by
// real mail, and the rate limit.
//
// The server allows 5 e-mail sign-ins and 5 sign-ups a minute from one address, and every test
// here calls from 127.0.0.1. This file makes exactly 5 sign-ins on the seeded server (journey,
// wrong password, old and new password after a reset, the demo owner) and 4 sign-ups; the
// many-wrong-passwords and too-many-sign-ups checks run on the empty server, which has its own
// counts. A new test that signs in should reuse one of these journeys rather than add a sixth, or
// start signed in as the session fixture does (support/e2e/session.ts), which the limit does not see.
import type { Page } from '@playwright/test'
import {
  allowConsoleErrors,
  emptyServer,
  expect,
  listingsFromApi,
  test,
} from '../support/e2e/fixtures'
import {
  caughtMail,
  demoAccount,
  newAccount,
  signUpThroughApi,
  toastWith,
  uniqueEmail,
} from '../support/e2e/accounts'
import { holdScreenScript } from '../support/e2e/held-screen'
import { mailApi } from '../support/e2e/ports'
import { test as signedInTest } from '../support/e2e/session'

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

test.describe('Sign in and Sign up screens', () => {
  test('link to each other and word the Google button for the screen', async ({ page }) => {
    await page.goto('/sign-in')
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
    await expect(page.getByText('Sign in with', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible()

    await page.getByRole('link', { name: 'Sign Up Instead' }).click()
    await expect(page).toHaveURL(/\/sign-up$/)
    await expect(page.getByText('Sign up with', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign up with Google' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Forgot Password' })).toBeVisible()

    await page.getByRole('link', { name: 'Sign In Instead' }).click()
    await expect(page).toHaveURL(/\/sign-in$/)
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible()
  })

  test('a screen takes presses once it is live itself, not when the frame around it is', async ({
    page,
  }) => {
    // The screen's own script is held back; the frame around it (header, navigation) goes live.
    const releaseScreen = await holdScreenScript(page, 'SignIn')
    // The frame asks who is signed in once it is live, in the same commit as any mark it makes.
    const sessionAsked = page.waitForRequest('**/api/auth/get-session')
    await page.goto('/sign-in', { waitUntil: 'commit' })
    await sessionAsked
    const root = page.locator('#root')
    await expect(root).not.toHaveAttribute('data-hydrated')

    releaseScreen()
    await expect(root).toHaveAttribute('data-hydrated', '')
    await page.getByRole('button', { name: 'Show password' }).click()
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text')
  })

  test('what was typed into the form before it went live is kept, every field of it', async ({
    page,
  }) => {
    const releaseScreen = await holdScreenScript(page, 'SignUp')
    await page.goto('/sign-up', { waitUntil: 'commit' })
    const root = page.locator('#root')
    // Typed into the server-rendered form, which React replays as one change a field.
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper')
    await page.getByLabel('Email', { exact: true }).fill('grace@example.test')
    await expect(root).not.toHaveAttribute('data-hydrated')

    releaseScreen()
    await expect(root).toHaveAttribute('data-hydrated', '')
    // The next change renders every field again from what the form holds.
    await page.getByLabel('Password', { exact: true }).fill('correct horse')
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Grace Hopper')
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('grace@example.test')
  })

  test('the password toggle shows and hides what was typed', async ({ page }) => {
    await page.goto('/sign-in')
    const password = page.getByLabel('Password', { exact: true })
    await password.fill('secret words')
    await expect(password).toHaveAttribute('type', 'password')

    await page.getByRole('button', { name: 'Show password' }).click()
    await expect(password).toHaveAttribute('type', 'text')
    await expect(password).toHaveValue('secret words')
    await page.getByRole('button', { name: 'Hide password' }).click()
    await expect(password).toHaveAttribute('type', 'password')
    await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible()
  })
})

test.describe('Accounts', () => {
  test('signs up, renames on the profile, logs out, and signing in from the redirect returns to My Profile', async ({
    page,
  }) => {
    const account = newAccount('journey', 'Grace Hopper')
    await page.goto('/sign-up')
    await page.getByLabel('Name', { exact: true }).fill(account.name)
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()

    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible()

    await nav(page).getByRole('link', { name: 'Profile' }).click()
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible()
    const name = page.getByLabel('Name', { exact: true })
    const email = page.getByLabel('Email', { exact: true })
    await expect(name).toHaveValue(account.name)
    await expect(email).toHaveValue(account.email)
    await expect(name).toBeDisabled()
    await expect(email).toBeDisabled()
    await expect(page.getByRole('link', { name: 'Sell or rent your home' })).toHaveAttribute(
      'href',
      '/create-listing',
    )

    // 'change' opens the name for editing; 'done' saves it and closes it again.
    await page.getByRole('button', { name: 'change' }).click()
    await expect(name).toBeEnabled()
    await expect(email).toBeDisabled()
    await name.fill('Grace Brewster Hopper')
    await page.getByRole('button', { name: 'done' }).click()
    await expect(page.getByRole('button', { name: 'change' })).toBeVisible()
    await expect(name).toBeDisabled()
    await expect(name).toHaveValue('Grace Brewster Hopper')
    // Saved on the server, not only on the screen.
    await page.reload()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Grace Brewster Hopper')

    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page.getByRole('heading', { name: 'My Profile' })).toHaveCount(0)
    // The spec's screens: Logout signs out and goes to Explore. Soft, so the rest of the journey still runs.
    await expect.soft(page).toHaveURL(/\/$/)
    await expect.soft(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible()

    // Signed out, Profile sends the visitor to Sign in, and back to Profile after signing in.
    await nav(page).getByRole('link', { name: 'Profile' }).click()
    await expect(page).toHaveURL(/\/sign-in$/)
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Grace Brewster Hopper')
  })

  test("signing up mails a link: Profile says 'Verify your e-mail' until the link is opened", async ({
    page,
  }) => {
    const account = newAccount('verify', 'Ada Byron')
    await page.goto('/sign-up')
    await page.getByLabel('Name', { exact: true }).fill(account.name)
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    // The spec's flow is unchanged: signed in, on Explore.
    await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible()

    await nav(page).getByRole('link', { name: 'Profile' }).click()
    const notice = page.getByRole('region', { name: 'Verify your e-mail' })
    await expect(notice).toBeVisible()
    await expect(notice).toContainText(account.email)
    const first = await caughtMail(
      page.request,
      account.email,
      'Verify your House Marketplace e-mail address',
    )

    // Asking again works from the keyboard, and the response is read out.
    const sendAgain = notice.getByRole('button', { name: 'Send the link again' })
    await sendAgain.focus()
    await page.keyboard.press('Enter')
    await expect(notice.getByRole('status')).toHaveText(
      `Sent: the new link is on its way to ${account.email}.`,
    )
    const again = async () =>
      (
        (await (
          await page.request.get(`${mailApi}/mail?to=${encodeURIComponent(account.email)}`)
        ).json()) as { subject: string }[]
      ).filter((mail) => mail.subject === first.subject).length
    await expect.poll(again).toBe(2)

    const link = /href="([^"]+)"/.exec(first.html)?.[1]?.replace(/&(amp|#38);/g, '&')
    expect(link).toMatch(/\/api\/auth\/verify-email\?token=/)
    expect(first.text).toContain(link)
    await page.goto(link!)
    await expect(page).toHaveURL(/\/profile\?email-verified=1$/)
    await expect(
      page.getByRole('status').filter({ hasText: 'Your e-mail address is verified.' }),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Verify your e-mail' })).toHaveCount(0)
    await page.goto('/profile')
    await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Verify your e-mail' })).toHaveCount(0)
  })

  test("a wrong password says 'Bad User Credentials' and stays on Sign in", async ({ page }) => {
    allowConsoleErrors(page, /status of 401/)
    await page.goto('/sign-in')
    await page.getByLabel('Email', { exact: true }).fill(demoAccount.email)
    await page.getByLabel('Password', { exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()

    await expect(toastWith(page, 'Bad User Credentials')).toBeVisible()
    await expect(page).toHaveURL(/\/sign-in$/)
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible()
    // Still a visitor.
    await page.goto('/profile')
    await expect(page).toHaveURL(/\/sign-in$/)
  })

  test("signing up with an address that has an account says 'Something went wrong with registration'", async ({
    page,
  }) => {
    allowConsoleErrors(page, /status of 422/)
    await page.goto('/sign-up')
    await page.getByLabel('Name', { exact: true }).fill('Someone Else')
    await page.getByLabel('Email', { exact: true }).fill(demoAccount.email)
    await page.getByLabel('Password', { exact: true }).fill('another-password')
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()

    await expect(toastWith(page, 'Something went wrong with registration')).toBeVisible()
    await expect(page).toHaveURL(/\/sign-up$/)
  })

  // The spec's screens: the signed-in-only routes.
  for (const route of ['/profile', '/create-listing', '/edit-listing/any-listing']) {
    test(`a visitor who opens ${route} is sent to Sign in`, async ({ page }) => {
      await page.goto(route)
      await expect(page).toHaveURL(/\/sign-in$/)
      await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible()
    })
  }

  test('forgot password: the mailed link sets a new password; the new one works, the old one no longer', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = newAccount('reset')
    await signUpThroughApi(request, baseURL!, account)

    await page.goto('/sign-in')
    await page.getByRole('link', { name: 'Forgot Password' }).click()
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute(
      'href',
      '/sign-in',
    )
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(toastWith(page, 'Email was sent')).toBeVisible()

    // The mail went through a real SMTP server; its link is absolute, under PUBLIC_URL.
    const mail = await caughtMail(request, account.email, 'Reset your House Marketplace password')
    const link = /href="([^"]+)"/.exec(mail.html)?.[1]?.replaceAll('&amp;', '&')
    expect(link).toMatch(new RegExp(`^${baseURL}/`))
    expect(mail.text).toContain(link)

    await page.goto(link!)
    await expect(page).toHaveURL(/\/reset-password\?token=/)
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
    const newPassword = `${account.password}-new`
    await page.getByLabel('New password', { exact: true }).fill(newPassword)
    await page.getByRole('button', { name: 'Set Password' }).click()
    await expect(toastWith(page, 'Your password was changed')).toBeVisible()
    await expect(page).toHaveURL(/\/sign-in$/)

    allowConsoleErrors(page, /status of 401/)
    const signIn = async (password: string) => {
      await page.getByLabel('Email', { exact: true }).fill(account.email)
      await page.getByLabel('Password', { exact: true }).fill(password)
      await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    }
    await signIn(account.password)
    await expect(toastWith(page, 'Bad User Credentials')).toBeVisible()
    await expect(page).toHaveURL(/\/sign-in$/)

    await signIn(newPassword)
    await expect(page).toHaveURL(/\/$/)
    await nav(page).getByRole('link', { name: 'Profile' }).click()
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email)

    // The link works once.
    await page.goto(link!)
    await expect(page.getByText('This reset link is not valid any more')).toBeVisible()
  })

  test("'Contact Landloard' is hidden from the listing's owner and shown to everyone else", async ({
    page,
  }) => {
    const contact = page.getByRole('link', { name: 'Contact Landloard' })
    const all = await listingsFromApi(page, 'limit=50')

    // The demo account's id, from the contact page's own source of landlords.
    const owners = [...new Set(all.map((listing) => listing.userRef))]
    const names = await Promise.all(
      owners.map(async (id) => {
        const response = await page.request.get(`/api/users/${id}`)
        return { id, ...((await response.json()) as { email: string }) }
      }),
    )
    const demoId = names.find((user) => user.email === demoAccount.email)?.id
    expect(demoId, 'the demo account owns seeded listings').toBeDefined()
    const [own] = await listingsFromApi(page, `userRef=${demoId}&limit=1`)
    const others = all.find((listing) => listing.userRef !== demoId)!
    const detail = (listing: { type: string; id: string }) =>
      `/category/${listing.type}/${listing.id}`

    // A visitor sees it on the demo account's listing.
    await page.goto(detail(own!))
    await expect(page.getByRole('heading', { level: 1 })).toContainText(own!.name)
    await expect(contact).toBeVisible()

    await page.goto('/sign-in')
    await page.getByLabel('Email', { exact: true }).fill(demoAccount.email)
    await page.getByLabel('Password', { exact: true }).fill(demoAccount.password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)

    await page.goto(detail(own!))
    await expect(page.getByRole('heading', { level: 1 })).toContainText(own!.name)
    await expect(page.getByRole('heading', { name: 'Location' })).toBeVisible()
    await expect(contact).toHaveCount(0)

    await page.goto(detail(others))
    await expect(page.getByRole('heading', { level: 1 })).toContainText(others.name)
    await expect(contact).toBeVisible()
    await expect(contact).toHaveAttribute('href', new RegExp(`^/contact/${others.userRef}\\?`))
  })
})

test.describe('Rate limit', () => {
  test('the sixth wrong password in a minute from one address gets 429', async ({ request }) => {
    // On the empty server, whose sign-in count no other journey touches.
    const email = uniqueEmail('limited')
    const statuses: number[] = []
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await request.post(`${emptyServer}/api/auth/sign-in/email`, {
        data: { email, password: 'wrong-password' },
        headers: { Origin: emptyServer },
      })
      statuses.push(response.status())
      if (response.status() === 429) {
        expect(((await response.json()) as { error?: string }).error).toEqual(expect.any(String))
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  })

  test("the sixth sign-up in a minute from one address says 'Too many attempts', as Sign in does", async ({
    page,
    request,
  }) => {
    allowConsoleErrors(page, /status of 429/)
    // On the empty server, whose sign-up count no other journey touches.
    for (let signUp = 0; signUp < 5; signUp++) {
      await signUpThroughApi(request, emptyServer, newAccount(`sign-up-${signUp}`))
    }
    const account = newAccount('sixth')
    await page.goto(`${emptyServer}/sign-up`)
    await page.getByLabel('Name', { exact: true }).fill(account.name)
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()

    await expect(toastWith(page, 'Too many attempts: try again in a minute')).toBeVisible()
    await expect(toastWith(page, 'Something went wrong with registration')).toHaveCount(0)
    await expect(page).toHaveURL(`${emptyServer}/sign-up`)
  })
})

signedInTest.describe('Sign in and Sign up for a user already signed in', () => {
  for (const route of ['/sign-in', '/sign-up']) {
    signedInTest(
      `${route} sends them to My Profile, without showing its form first`,
      async ({ page, account }) => {
        // Every main heading the page ever shows, however briefly.
        await page.addInitScript(() => {
          const seen = new Set<string>()
          Object.assign(window, { headingsSeen: seen })
          new MutationObserver(() => {
            for (const heading of document.querySelectorAll('h1')) seen.add(heading.textContent!)
          }).observe(document, { childList: true, subtree: true, characterData: true })
        })
        await page.goto(route)
        await expect(page).toHaveURL(/\/profile$/)
        await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible()
        await expect(page.getByLabel('Name', { exact: true })).toHaveValue(account.name)
        const seen = await page.evaluate(() => [
          ...(window as unknown as { headingsSeen: Set<string> }).headingsSeen,
        ])
        expect(seen).toEqual(['My Profile'])
      },
    )
  }
})
