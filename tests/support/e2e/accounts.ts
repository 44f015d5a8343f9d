// Accounts for the journeys: fresh addresses, accounts made through the API, and the caught mail.
import crypto from 'node:crypto'
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { mailApi } from './ports'
import type { CaughtMail } from './services'

/** The account the seeded server creates with its demo data; it owns half of the listings. */
export const demoAccount = { email: 'demo@example.com', password: 'marketplace' } as const

/** An address no other test (or earlier run) uses: tests run in parallel against one database. */
export function uniqueEmail(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`
}

export interface NewAccount {
  name: string
  email: string
  password: string
}

export function newAccount(label: string, name = 'Test Person'): NewAccount {
  return { name, email: uniqueEmail(label), password: `pass-${crypto.randomUUID().slice(0, 12)}` }
}

/**
 * Creates the account as the sign-up form would, from a request context that is not the page's,
 * so the page stays signed out. It counts against the server's sign-up limit like any sign-up.
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  baseURL: string,
  account: NewAccount,
) {
  const response = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    data: account,
    headers: { Origin: baseURL },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/**
 * The newest mail the SMTP server caught for this address (with this subject, if given), once it
 * has arrived. A sign-up mails a verification link too.
 */
export async function caughtMail(
  request: APIRequestContext,
  to: string,
  subject?: string,
): Promise<CaughtMail> {
  let newest: CaughtMail | undefined
  await expect
    .poll(
      async () => {
        const response = await request.get(`${mailApi}/mail?to=${encodeURIComponent(to)}`)
        newest = ((await response.json()) as CaughtMail[]).find(
          (mail) => subject === undefined || mail.subject === subject,
        )
        return newest !== undefined
      },
      { message: `a mail to ${to}${subject ? ` about "${subject}"` : ''}`, timeout: 10_000 },
    )
    .toBe(true)
  return newest!
}

/** A toast (each one is an alert: src/client/components/ToastArea.tsx) with this text. */
export function toastWith(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text })
}
