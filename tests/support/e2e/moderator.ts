// The moderator of the browser tests: an account whose address is in MODERATOR_EMAILS of the
// journeys' servers (playwright.config.ts), made in the seeded server's database and verified, as
// a moderator's address must be.
import type { AppContext } from '../../../src/server/app'
import { markEmailVerified } from './verified-email'

const moderator = {
  name: 'Mo Moderator',
  email: 'moderator@example.com',
  password: 'moderator-e2e-password',
}

/** The moderator's account, made once a run (a later journey or a retry finds it made). */
export async function moderatorAccount(app: AppContext) {
  try {
    await app.auth.api.signUpEmail({ body: moderator })
  } catch {
    // Made earlier in this run: the database lives as long as the server.
  }
  await markEmailVerified(app, moderator.email)
  return moderator
}
