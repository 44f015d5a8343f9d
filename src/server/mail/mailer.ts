// Outgoing mail: SMTP when SMTP_URL is set, otherwise an .eml file in DATA_DIR/outbox and a console line.
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
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
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    // Short timeouts: a send that hangs holds its alert job's claim (jobs/job-queue.ts) meanwhile.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    })
    return {
      async send(mail) {
        const { to, subject, text, html, headers } = mail
        await transport.sendMail({ from: config.mailFrom, to, subject, text, html, headers })
      },
    }
  }

  const outbox = path.join(config.dataDir, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true })
  return {
    async send(mail) {
      const { to, subject, text, html, link, headers } = mail
      const { message } = await transport.sendMail({
        from: config.mailFrom,
        to,
        subject,
        text,
        html,
        headers,
      })
      await makePrivateDirAsync(outbox)
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to}.eml`,
      )
      // A reset mail's link is a password for an hour.
      await fs.writeFile(file, message as Buffer, { mode: privateFileMode })
      console.info(
        `Mail to ${to} ("${subject}") saved in ${file}${link ? `; its link: ${link}` : ''}`,
      )
    },
  }
}
