// The app of the alert tests: a real SMTP server to catch the mail, an owner who lists homes and a
// verified buyer who saves searches (unverified addresses get no alerts).
import type { Dialect } from '../../src/server/db/database'
import { signUpAndIn, type SignedInUser } from './sign-in'
import { SmtpCatcher } from './smtp-catcher'
import { createTestApp, type TestApp } from './test-app'
import { markEmailVerified } from './verified-email'

export interface AlertTestApp {
  t: TestApp
  smtp: SmtpCatcher
  owner: SignedInUser
  buyer: SignedInUser
  close(): Promise<void>
}

export async function startAlertTestApp(dialect: Dialect): Promise<AlertTestApp> {
  const smtp = await SmtpCatcher.start()
  const t = await createTestApp(dialect, { SMTP_URL: smtp.url })
  const owner = await signUpAndIn(t.context, { name: 'Olive Owner' })
  const buyer = await signUpAndIn(t.context, { name: 'Bruno Buyer' })
  await markEmailVerified(t.context, buyer.id)
  return {
    t,
    smtp,
    owner,
    buyer,
    async close() {
      await t.close()
      await smtp.stop()
    },
  }
}
