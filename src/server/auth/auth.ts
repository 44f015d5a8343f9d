// Better Auth: accounts, sessions in the database, password reset and verification mail, rate
// limits, Google sign-in.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { betterAuth, type BetterAuthOptions } from 'better-auth'
import { createAuthMiddleware, isAPIError } from 'better-auth/api'
import { getMigrations } from 'better-auth/db/migration'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { withoutControlCharacters } from '../../shared/plain-text.js'
import { nameLength } from '../../shared/profile.js'
import type { Config } from '../config.js'
import { makePrivateDir, privateFileMode } from '../data-dir.js'
import { isDatabaseUnavailable, type Db } from '../db/database.js'
import { trustedOrigins } from '../http/same-origin.js'
import type { Mailer } from '../mail/mailer.js'
import { createSessionReader } from './session-reader.js'
import { resetPasswordMail } from './reset-password-mail.js'
import { endResetLinks, isStoredResetIdentifier, resetTokenStorage } from './reset-tokens.js'
import { verificationLink, verificationMail } from './verification-mail.js'

export const passwordLength = { min: 8, max: 128 } as const

/**
 * Better Auth makes the rate limit's `lastRequest` a PostgreSQL `bigint`, then its schema check,
 * run at every start, reads the type as `int8` and warns that it differs (a known fault of Better
 * Auth's own): a line about nothing in every restart's log.
 */
const falseSchemaWarning =
  /^Field lastRequest in table rateLimit has a different type in the database\. Expected number but got int8\.$/

/** The header our server sets to the caller's address; anything a client sends in it is replaced. */
export const clientIpHeader = 'x-client-ip'

export function createAuth(config: Config, db: Db, mailer: Mailer) {
  const google = config.google
  const options = {
    appName: 'House Marketplace',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: serverSecret(config),
    database: { db: db.kysely, type: db.dialect },
    trustedOrigins: trustedOrigins(config.publicUrl),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: passwordLength.min,
      maxPasswordLength: passwordLength.max,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The link just used was consumed; any other still open (made by an earlier version, or by
      // a request at the same instant) must not change the password again.
      async onPasswordReset({ user }) {
        await endResetLinks(db.kysely, user.id)
      },
      async sendResetPassword({ user, url }) {
        // Not awaited: a known address must get its response as fast as an unknown one (no enumeration by timing).
        mailer.send(resetPasswordMail(user.email, url)).catch((error: unknown) => {
          console.error(`Could not send the reset mail to ${user.email}:`, error)
        })
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing up still signs in and everything works unverified; the link only verifies.
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      // Better Auth passes the request of the sign-up or resend; accounts the server makes itself
      // (the seed, tests) have none and get no mail.
      async sendVerificationEmail({ user, url }, request) {
        if (!request) return
        // Not awaited: a sign-up with a new address must get its response as fast as one with a known one.
        mailer.send(verificationMail(user.email, verificationLink(url))).catch((error: unknown) => {
          console.error(`Could not send the verification mail to ${user.email}:`, error)
        })
      },
    },
    // A reset token is a password for an hour: only its hash is kept, so a read of the database
    // (a backup, say) gives no working link.
    verification: { storeIdentifier: resetTokenStorage },
    databaseHooks: {
      verification: {
        create: {
          // One open reset link per user: a new one ends those mailed before.
          async before(verification) {
            if (isStoredResetIdentifier(verification.identifier)) {
              await endResetLinks(db.kysely, verification.value)
            }
          },
        },
      },
      // Every way a name comes in (sign-up, Google's profile) keeps the profile's rule: 1 to 64
      // characters, trimmed. A provider's name is cut to fit rather than refused.
      user: {
        create: {
          async before(user) {
            // The app shows no profile pictures: whatever `image` a sign-up body carries (any
            // string a client likes) is not kept.
            return { data: { ...user, name: fittingName(user.name, user.email), image: null } }
          },
        },
      },
    },
    hooks: { after: hashOnSignUpWithKnownAddress },
    // A failed Google sign-in without an error address of its own (a forged or stale callback)
    // lands on our popup page, which tells the opener and closes, not on Better Auth's error page.
    onAPIError: { errorURL: `${config.publicUrl}/oauth-popup` },
    rateLimit: {
      enabled: true,
      // In the database, so the limits hold across several server instances.
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-up/email': { window: 60, max: 5 },
        // Counted per address in auth.routes.ts instead, before the account's own limit.
        '/sign-in/email': false,
        '/request-password-reset': false,
        '/send-verification-email': false,
        '/reset-password': { window: 60, max: 5 },
        // Every page load asks for the session: counted, it signed out people behind one address
        // (an office, a phone network) who browse fast. A session token is not guessable, so
        // there is nothing for a limit to slow down.
        '/get-session': false,
      },
    },
    advanced: {
      // Better Auth skips its origin and callback URL checks when NODE_ENV is 'test': keep them
      // on, so that the tests check what production runs.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
      // Better Auth checks the schema as soon as it is created, which on a fresh database races
      // migrate() (run right after, at every start) and logs a false 'Database schema mismatch'.
      // joins: a session is read with its user in one statement, not two; every signed-in
      // request pays it (the unread count's budget is 2 statements, docs/performance.md).
      database: { validateSchema: false, joins: true },
    },
    plugins:
      google.clientId && google.clientSecret
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : [],
    telemetry: { enabled: false },
    logger: {
      log(level, message, ...args: unknown[]) {
        if (level === 'warn' && falseSchemaWarning.test(message)) return
        // An unreachable database is an outage (app.ts responds 503): one line that says so,
        // where Better Auth would log an error with a stack trace.
        const outage = args.find(isDatabaseUnavailable)
        if (outage instanceof Error) {
          return console.warn(`[Better Auth]: the database is unavailable (${outage.message})`)
        }
        // A callback URL or origin not ours is the client's doing (a 403 response), not an error of
        // ours: a warning, quoted so that the URL cannot write log lines of its own. (The hint
        // after it repeats the URL to a developer who is not there.)
        if (/^If it's a valid URL/.test(message)) return
        if (
          /^Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b/.test(
            message,
          )
        ) {
          return console.warn(
            `${new Date().toISOString()} WARN [Better Auth]: ${JSON.stringify(message)}`,
          )
        }
        const print =
          level === 'error' ? console.error : level === 'warn' ? console.warn : console.info
        print(
          `${new Date().toISOString()} ${level.toUpperCase()} [Better Auth]: ${message}`,
          ...args,
        )
      },
    },
  } satisfies BetterAuthOptions

  const auth = betterAuth(options)
  return {
    handler: auth.handler,
    api: auth.api,
    /** The signed-in user of a request in one statement, or undefined: ask `api.getSession`. */
    readSession: createSessionReader({
      kysely: db.kysely,
      secret: options.secret,
      settings: async () => {
        const context = await auth.$context
        return {
          cookieName: context.authCookies.sessionToken.name,
          expiresIn: context.sessionConfig.expiresIn,
          updateAge: context.sessionConfig.updateAge,
        }
      },
    }),
    async migrate() {
      const { runMigrations } = await getMigrations(options)
      await runMigrations()
    },
  }
}

export type Auth = ReturnType<typeof createAuth>

/**
 * Better Auth refuses a sign-up with an address that has an account before it hashes the password,
 * so the response came back many times faster than a new account's: a timing test of every address
 * told who has an account. Hashing the password anyway makes both take the hash's time.
 */
const hashOnSignUpWithKnownAddress = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/sign-up/email') return
  const returned: unknown = ctx.context.returned
  if (!isAPIError(returned) || returned.body?.code !== 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
    return
  }
  const password: unknown = (ctx.body as { password?: unknown } | undefined)?.password
  if (typeof password === 'string') await ctx.context.password.hash(password)
})

function fittingName(name: string | undefined, email: string): string {
  return fit(withoutControlCharacters(name ?? '')) || fit(email.split('@')[0]!)
}

/** Trimmed to at most 64 characters, without leaving half of a surrogate pair at the cut. */
const fit = (text: string) =>
  text
    .trim()
    .slice(0, nameLength.max)
    .replace(/[\ud800-\udbff]$/, '')
    .trim()

/** The secret that signs sessions and the links we mail (AUTH_SECRET, or the generated one). */
export function serverSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): string {
  return config.authSecret ?? readOrCreateSecret(config.dataDir)
}

/** AUTH_SECRET unset: generate one on first start and keep it in DATA_DIR, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret')
  makePrivateDir(dataDir)
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), {
      flag: 'wx',
      mode: privateFileMode,
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return fs.readFileSync(file, 'utf8').trim()
}
