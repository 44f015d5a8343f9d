// Outgoing mail: SMTP when SMTP_URL is set, otherwise an .eml file in DATA_DIR/outbox and a console
// line. Either way DKIM-signed when DKIM_* are set (config.ts).
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import addressparser from 'nodemailer/lib/addressparser/index.js'
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js'
import type { Config } from '../config.js'
import { makePrivateDirAsync, privateFileMode } from '../data-dir.js'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
  /** The one link the mail is about; the outbox prints it, so a laptop needs no mail server. */
  link?: string
  /** Extra header lines, such as RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  headers?: Record<string, string>
  /**
   * An iCalendar invitation (RFC 6047): sent as the calendar part beside the text and HTML, which
   * mail programs show with Accept and Decline, and as the attachment invite.ics.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string }
  /**
   * The mail's own Message-ID, when the same mail may be sent again (a job retried after its
   * server died mid-send): a resend is then the same message, which mail systems show once.
   */
  messageId?: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

type MailerConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'dkim'>

/** What nodemailer is given to send `mail`. */
function message(config: Pick<Config, 'mailFrom'>, mail: Mail) {
  const { to, subject, text, html, headers, calendar, messageId } = mail
  const icalEvent = calendar && { ...calendar, filename: 'invite.ics' }
  return { from: config.mailFrom, to, subject, text, html, headers, icalEvent, messageId }
}

/** The bare address of MAIL_FROM ('no-reply@example.com' of 'Homes <no-reply@example.com>'). */
export function senderAddress(config: Pick<Config, 'mailFrom'>): string {
  const [sender] = addressparser(config.mailFrom, { flatten: true })
  if (!sender?.address) throw new Error(`MAIL_FROM has no address: '${config.mailFrom}'`)
  return sender.address
}

/** The mail as the bytes it is sent as (RFC 5322), signed as it would be: for checks of it. */
export async function renderMail(
  config: Pick<Config, 'mailFrom' | 'dkim'>,
  mail: Mail,
): Promise<Buffer> {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    ...(config.dkim && { dkim: config.dkim }),
  })
  const { message: bytes } = await transport.sendMail(message(config, mail))
  return bytes as Buffer
}

export function createMailer(config: MailerConfig): Mailer {
  if (config.smtpUrl) {
    // Short timeouts: a send that hangs holds its alert job's claim (jobs/job-queue.ts) meanwhile.
    // The URL read into options here: given as `url`, nodemailer would ignore every other option.
    const transport = nodemailer.createTransport({
      ...parseConnectionUrl(config.smtpUrl),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
      ...(config.dkim && { dkim: config.dkim }),
    })
    return {
      async send(mail) {
        await transport.sendMail(message(config, mail))
      },
    }
  }

  const outbox = path.join(config.dataDir, 'outbox')
  return {
    async send(mail) {
      const { to, subject, link } = mail
      const bytes = await renderMail(config, mail)
      await makePrivateDirAsync(outbox)
      // Two mails to one address in one millisecond (sign-up's verification and a reset) must
      // not share a name; the time first keeps the folder in the order the mails were sent.
      const time = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(outbox, `${time}-${crypto.randomBytes(4).toString('hex')}-${to}.eml`)
      // A reset mail's link is a password for an hour.
      await fs.writeFile(file, bytes, { mode: privateFileMode })
      console.info(
        `Mail to ${to} ("${subject}") saved in ${file}${link ? `; its link: ${link}` : ''}`,
      )
    },
  }
}
