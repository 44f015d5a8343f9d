// The cluster soak's checks beyond the traffic: a session made through HAProxy holds on every
// server, the per-address and per-account sign-in limits are one count for all servers, and the
// instant alerts of a saved search name each matching listing in exactly one mail.
import type { AppContext } from '../../src/server/app.js'
import type { SmtpCatcher } from '../../tests/support/smtp-catcher.js'
import { insertSavedSearch } from '../../tests/support/saved-searches.js'
import { sessionCookieFrom, signUpAndIn, type SignedInUser } from '../../tests/support/sign-in.js'
import { markEmailVerified } from '../../tests/support/verified-email.js'
import type { ClusterServer } from '../cluster/start-cluster.js'

export interface CheckResult {
  pass: boolean
  value: string
}

interface SignInResult {
  status: number
  servedBy: string
  cookie?: string
}

/** One sign-in through HAProxy, as a client at `address` (the front proxy's X-Forwarded-For). */
async function signInThrough(
  url: string,
  address: string,
  body: { email: string; password: string },
): Promise<SignInResult> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url, 'X-Forwarded-For': address },
    body: JSON.stringify(body),
  })
  await response.arrayBuffer()
  return {
    status: response.status,
    servedBy: response.headers.get('x-served-by') ?? '?',
    cookie: response.ok ? sessionCookieFrom(response.headers) : undefined,
  }
}

/** Signs in through HAProxy, then asks every server directly whose session the cookie is. */
export async function sessionsOnEveryServer(
  url: string,
  servers: ClusterServer[],
  user: SignedInUser,
): Promise<CheckResult> {
  const signedIn = await signInThrough(url, '192.0.2.10', user)
  if (!signedIn.cookie) return { pass: false, value: `sign-in responded ${signedIn.status}` }
  const owners = await Promise.all(
    servers.map(async (server) => {
      const response = await fetch(`${server.url}/api/auth/get-session`, {
        headers: { Cookie: signedIn.cookie! },
      })
      const session = (await response.json()) as { user: { id: string } } | null
      return `${server.name}: ${session?.user.id === user.id ? 'valid' : `not valid (${response.status})`}`
    }),
  )
  return { pass: owners.every((line) => line.endsWith(': valid')), value: owners.join(', ') }
}

/**
 * Wrong passwords for made-up accounts from one address, through HAProxy (so on every server in
 * turn), until one is rejected with 429: the per-address sign-in limit must reject the sixth.
 */
export async function perAddressLimitShared(url: string, limit = 5): Promise<CheckResult> {
  const servedBy = new Set<string>()
  for (let attempt = 1; attempt <= limit + 3; attempt += 1) {
    const signIn = await signInThrough(url, '198.51.100.7', {
      email: `nobody-${attempt}-${Date.now()}@example.com`,
      password: 'not the password',
    })
    servedBy.add(signIn.servedBy)
    if (signIn.status === 429) {
      return {
        pass: attempt === limit + 1 && servedBy.size > 1,
        value: `429 at attempt ${attempt}, attempts on ${[...servedBy].sort().join(' ')}`,
      }
    }
  }
  return { pass: false, value: `no 429 in ${limit + 3} attempts` }
}

/**
 * Wrong passwords for one account, each from an address of its own, through HAProxy: the account
 * must be slowed down (429) although no address is over its limit, and a guess at another account
 * from a fresh address right after must still get the usual 401.
 */
export async function perAccountLimitShared(
  url: string,
  victim: SignedInUser,
  bystander: SignedInUser,
  maxAttempts = 30,
): Promise<CheckResult> {
  const servedBy = new Set<string>()
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    const signIn = await signInThrough(url, `203.0.113.${attempt}`, {
      email: victim.email,
      password: 'a wrong guess',
    })
    servedBy.add(signIn.servedBy)
    if (signIn.status !== 429) continue
    const other = await signInThrough(url, '203.0.113.200', {
      email: bystander.email,
      password: 'a wrong guess',
    })
    return {
      pass: servedBy.size > 1 && other.status === 401,
      value:
        `429 at attempt ${attempt} from ${attempt} addresses on ${[...servedBy].sort().join(' ')}; ` +
        `another account then: ${other.status}`,
    }
  }
  return { pass: false, value: `no 429 in ${maxAttempts} attempts from as many addresses` }
}

/** A price no listing of the soak's workload reaches (it asks at most 900,000). */
export const alertPrice = 990_000

/** A saver with an instant-alert search for rentals at `alertPrice` or more. */
export async function alertSaver(context: AppContext): Promise<SignedInUser> {
  const saver = await signUpAndIn(context, { name: 'Soak Saver' })
  await markEmailVerified(context, saver.id)
  await insertSavedSearch(context, {
    userId: saver.id,
    name: 'Soak alert',
    query: { type: 'rent', minPrice: String(alertPrice) },
    alerts: 'instant',
  })
  return saver
}

/** How many listings the caught alert mails for the soak's saved search name in all. */
function alertedListings(catcher: SmtpCatcher, saver: SignedInUser): number {
  return catcher.mails
    .filter((mail) => mail.to.includes(saver.email.toLowerCase()))
    .reduce((sum, mail) => {
      const homes = /^(\d+) new homes? match/.exec(mail.text)
      return sum + Number(homes?.[1] ?? 0)
    }, 0)
}

/**
 * Waits for the alert mails of `expected` matching listings, then a while longer, as a mail sent
 * twice comes after the first (no event marks its absence): each listing is counted once in all.
 */
export async function alertsOnce(
  catcher: SmtpCatcher,
  saver: SignedInUser,
  expected: number,
  timeoutMs = 20_000,
): Promise<CheckResult> {
  const started = Date.now()
  while (alertedListings(catcher, saver) < expected && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const settleMs = Math.min(Date.now() - started, 5_000) + 2_000
  await new Promise((resolve) => setTimeout(resolve, settleMs))
  const alerted = alertedListings(catcher, saver)
  const mails = catcher.mails.filter((mail) => mail.to.includes(saver.email.toLowerCase())).length
  return {
    pass: expected > 0 && alerted === expected,
    value: `${alerted} of ${expected} matching listings alerted, in ${mails} mails`,
  }
}
