// Better Auth: accounts, sessions and (in later issues) reset mail and Google sign-in.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { betterAuth, type BetterAuthOptions } from 'better-auth'
import { getMigrations } from 'better-auth/db/migration'
import type { Config } from '../config.js'
import type { Db } from '../db/database.js'

export const passwordLength = { min: 8, max: 128 } as const

export function createAuth(config: Config, db: Db) {
  const options = {
    appName: 'House Marketplace',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret ?? readOrCreateSecret(config.dataDir),
    database: { db: db.kysely, type: db.dialect },
    trustedOrigins: [config.publicUrl],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: passwordLength.min,
      maxPasswordLength: passwordLength.max,
    },
    telemetry: { enabled: false },
    // Better Auth checks the schema as soon as it is created, which on a fresh database races
    // migrate() (run right after, at every start) and logs a false 'Database schema mismatch'.
    advanced: { database: { validateSchema: false } },
  } satisfies BetterAuthOptions

  const auth = betterAuth(options)
  return {
    handler: auth.handler,
    api: auth.api,
    async migrate() {
      const { runMigrations } = await getMigrations(options)
      await runMigrations()
    },
  }
}

export type Auth = ReturnType<typeof createAuth>

/** AUTH_SECRET unset: generate one on first start and keep it in DATA_DIR, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret')
  fs.mkdirSync(dataDir, { recursive: true })
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), {
      flag: 'wx',
      mode: 0o600,
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return fs.readFileSync(file, 'utf8').trim()
}
