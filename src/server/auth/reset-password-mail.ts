import { escapeHtml } from '../lib/escape.js'
import type { Mail } from '../mail/mailer.js'

/** The reset mail: the link opens our reset page (through Better Auth, which checks the token first). */
export function resetPasswordMail(to: string, url: string): Mail {
  return {
    to,
    link: url,
    subject: 'Reset your House Marketplace password',
    text: [
      'Someone asked to reset the password of your House Marketplace account.',
      '',
      `Open this link within one hour to choose a new password: ${url}`,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
    html: `<p>Someone asked to reset the password of your House Marketplace account.</p>
<p><a href="${escapeHtml(url)}">Choose a new password</a> (the link works once, within one hour).</p>
<p>If it was not you, ignore this mail: your password stays as it is.</p>`,
  }
}
