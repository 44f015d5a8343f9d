// The outside world of the browser tests, in one process that Playwright starts before the app:
// a real SMTP server that keeps what it receives, a small HTTP API to read that mail, and a real
// OpenID provider (oidc-provider) standing in for Google, with its own login and consent pages.
// Run with `npx tsx tests/support/e2e/services.ts`; OIDC_REDIRECT_URI names the app's callback.
import crypto from 'node:crypto'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import { simpleParser, type AddressObject } from 'mailparser'
import type { InteractionDetails } from 'oidc-provider'
import { SMTPServer } from 'smtp-server'
import { mailApiPort, oidcClient, oidcIssuer, oidcPort, oidcUserName, smtpPort } from './ports'

export interface CaughtMail {
  from: string
  to: string[]
  subject: string
  text: string
  html: string
  receivedAt: string
}

const redirectUri = process.env.OIDC_REDIRECT_URI
if (!redirectUri)
  throw new Error('OIDC_REDIRECT_URI must name the app callback the provider allows')

// ---- SMTP: every message is parsed and kept in memory, newest last. ----

const mails: CaughtMail[] = []

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((object) => object.value)
    .map((address) => (address.address ?? '').toLowerCase())

const smtp = new SMTPServer({
  authOptional: true,
  secure: false,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (parsed) => {
        mails.push({
          from: parsed.from?.text ?? '',
          to: addresses(parsed.to),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          receivedAt: new Date().toISOString(),
        })
        callback()
      },
      (error: Error) => callback(error),
    )
  },
})

// ---- Mail API: GET /mail?to=address returns the messages sent to it, newest first. ----

const mailApi = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${mailApiPort}`)
  if (request.method === 'GET' && url.pathname === '/healthz') {
    return sendJson(response, { ok: true })
  }
  if (request.method === 'GET' && url.pathname === '/mail') {
    const to = url.searchParams.get('to')?.toLowerCase()
    const found = mails.filter((mail) => !to || mail.to.includes(to)).reverse()
    return sendJson(response, found)
  }
  sendJson(response, { error: 'Not found' }, 404)
})

function sendJson(response: ServerResponse, body: unknown, status = 200) {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
  response.end(JSON.stringify(body))
}

// ---- OpenID provider: one confidential client (the seeded app), PKCE required. ----

// oidc-provider 9 asks for Node 22 and warns that its store is in memory: both are fine for a
// stand-in that lives as long as one test run, so those two lines are not repeated in every run.
const quietWarnings = [/Unsupported runtime/, /in-memory adapter is used/]
const warn = console.warn.bind(console)
console.warn = (...args: unknown[]) => {
  const [message] = args
  if (typeof message === 'string' && quietWarnings.some((pattern) => pattern.test(message))) return
  warn(...args)
}
const { default: Provider } = await import('oidc-provider')

const signingKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey

const provider = new Provider(oidcIssuer, {
  clients: [
    {
      client_id: oidcClient.id,
      client_secret: oidcClient.secret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  pkce: { required: () => true },
  jwks: {
    keys: [{ ...signingKey.export({ format: 'jwk' }), kid: 'e2e', alg: 'RS256', use: 'sig' }],
  },
  cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  features: { devInteractions: { enabled: false } },
  interactions: {
    url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
  },
  // Whoever signs in on the login page is the account of the e-mail typed there.
  async findAccount(_context, sub) {
    return {
      accountId: sub,
      async claims() {
        return { sub, email: sub, email_verified: true, name: oidcUserName }
      },
    }
  },
})

/** Our own interaction endpoints: GET shows the step, POST finishes it (or aborts it). */
async function interaction(request: IncomingMessage, response: ServerResponse, path: string[]) {
  const [uid, action] = path
  const details = await provider.interactionDetails(request, response)
  if (details.uid !== uid) {
    return sendHtml(response, page('Expired', '<p>This sign-in expired.</p>'), 400)
  }

  if (request.method === 'GET' && !action) {
    return sendHtml(
      response,
      details.prompt.name === 'login' ? loginPage(uid) : consentPage(details),
    )
  }
  if (request.method !== 'POST') return sendHtml(response, page('Not found', ''), 404)

  if (action === 'abort') {
    return provider.interactionFinished(
      request,
      response,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    )
  }
  if (action === 'login' && details.prompt.name === 'login') {
    const email = (await readForm(request)).get('email')?.trim().toLowerCase()
    if (!email) return sendHtml(response, loginPage(uid, 'Enter an e-mail address.'), 400)
    return provider.interactionFinished(
      request,
      response,
      { login: { accountId: email } },
      { mergeWithLastSubmission: false },
    )
  }
  if (action === 'consent' && details.prompt.name === 'consent' && details.session) {
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({
          accountId: details.session.accountId,
          clientId: details.params.client_id,
        })
    if (!grant) return sendHtml(response, page('Expired', '<p>This grant is gone.</p>'), 400)
    const missing = details.prompt.details
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '))
    }
    return provider.interactionFinished(
      request,
      response,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    )
  }
  sendHtml(response, page('Not found', ''), 404)
}

function loginPage(uid: string, error?: string) {
  return page(
    'Sign in to the test provider',
    `${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required autofocus>
  <button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`,
  )
}

function consentPage(details: InteractionDetails) {
  const scopes = details.prompt.details.missingOIDCScope ?? []
  return page(
    'Allow access',
    `<p>House Marketplace asks for: <strong>${escapeHtml(scopes.join(' '))}</strong></p>
<form method="post" action="/interaction/${details.uid}/consent"><button type="submit">Allow</button></form>
<form method="post" action="/interaction/${details.uid}/abort"><button type="submit">Cancel</button></form>`,
  )
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function sendHtml(response: ServerResponse, html: string, status = 200) {
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
  })
  response.end(html)
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

const providerCallback = provider.callback()
const oidc = http.createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', oidcIssuer)
  const [first, ...rest] = pathname.split('/').filter(Boolean)
  if (first !== 'interaction') return providerCallback(request, response)
  interaction(request, response, rest).catch((error: Error) => {
    console.error('OpenID interaction failed:', error)
    if (!response.headersSent)
      sendHtml(response, page('Sign-in failed', `<p>${escapeHtml(error.message)}</p>`), 400)
  })
})

function listen(
  server: { listen(port: number, host: string, done: () => void): unknown },
  port: number,
) {
  return new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
}

await Promise.all([listen(smtp, smtpPort), listen(oidc, oidcPort)])
// Last, because Playwright waits for its health URL: everything is up once it responds.
await listen(mailApi, mailApiPort)
console.info(`SMTP on ${smtpPort}, mail API on ${mailApiPort}, OpenID provider at ${oidcIssuer}`)
