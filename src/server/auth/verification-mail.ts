import { emailVerifiedParam } from '../../shared/email-verification.js'
import { escapeHtml } from '../lib/escape.js'
import type { Mail } from '../mail/mailer.js'

/** Where a verification link lands: Profile, which says the address is verified (or why not). */
export const verifiedLanding = `/profile?${emailVerifiedParam}=1`

/**
 * The link Better Auth made, landing on Profile whatever the request asked for: the token is in
 * the link, the landing page is not, so changing it is safe.
 */
export function verificationLink(url: string): string {
  const link = new URL(url)
  link.searchParams.set('callbackURL', verifiedLanding)
  return link.toString()
}

/** The mail sent on sign-up (and again from Profile): its link verifies the address. */
export function verificationMail(to: string, url: string): Mail {
  return {
    to,
    link: url,
    subject: 'Verify your House Marketplace e-mail address',
    text: [
      'Welcome to House Marketplace.',
      '',
      `Open this link within one day to verify your e-mail address: ${url}`,
      '',
      'Until it is verified, we send it no mail about homes.',
      'If you did not sign up, ignore this mail.',
    ].join('\n'),
    html: `<p>Welcome to House Marketplace.</p>
<p><a href="${escapeHtml(url)}">Verify your e-mail address</a> (the link works for one day).</p>
<p>Until it is verified, we send it no mail about homes.</p>
<p>If you did not sign up, ignore this mail.</p>`,
  }
}
