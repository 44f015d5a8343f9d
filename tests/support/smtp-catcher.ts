// A real SMTP server (smtp-server) in the test process that keeps every message it receives,
// parsed by mailparser with its headers. It can stop and start again on the same port, to stand
// for a mail server that is down for a while.
import type { AddressInfo } from 'node:net'
import { simpleParser, type AddressObject } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface CaughtMail {
  to: string[]
  subject: string
  text: string
  html: string
  /** each header's value as sent (unfolded), by its lower-case name */
  headers: Map<string, string>
  /** the parts that are neither the text nor the HTML (files, calendar invitations), as UTF-8 */
  attachments: CaughtAttachment[]
}

export interface CaughtAttachment {
  contentType: string
  filename: string | undefined
  /** the Content-Type's `method` parameter, which a calendar part carries (RFC 6047) */
  method: string | undefined
  content: string
}

/** The `method` parameter of a part's Content-Type header, as mailparser gives it. */
const methodOf = (header: unknown) =>
  (header as { params?: Record<string, string> } | undefined)?.params?.method

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((object) => object.value)
    .map((address) => (address.address ?? '').toLowerCase())

export class SmtpCatcher {
  readonly mails: CaughtMail[] = []
  private server: SMTPServer | undefined
  private waiters: (() => void)[] = []

  private constructor(public port: number) {}

  /** Listens on `port`, or on a free one. */
  static async start(port = 0): Promise<SmtpCatcher> {
    const catcher = new SmtpCatcher(port)
    await catcher.listen()
    return catcher
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  /** Listens again on the same port after `stop()`. */
  async listen(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      secure: false,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream).then(
          (parsed) => {
            this.mails.push({
              to: addresses(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: new Map(
                parsed.headerLines.map(({ key, line }) => [
                  key,
                  line
                    .slice(line.indexOf(':') + 1)
                    .replace(/\r?\n\s+/g, ' ')
                    .trim(),
                ]),
              ),
              attachments: parsed.attachments.map((attachment) => ({
                contentType: attachment.contentType,
                filename: attachment.filename,
                method: methodOf(attachment.headers.get('content-type')),
                content: attachment.content.toString('utf8'),
              })),
            })
            for (const wake of this.waiters.splice(0)) wake()
            callback()
          },
          (error: Error) => callback(error),
        )
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.port = (server.server.address() as AddressInfo).port
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  to(address: string): CaughtMail[] {
    return this.mails.filter((mail) => mail.to.includes(address.toLowerCase()))
  }

  /** Resolves once `count` mails have come in all, or rejects after `timeoutMs`. */
  async waitForCount(count: number, timeoutMs = 30_000): Promise<CaughtMail[]> {
    const deadline = Date.now() + timeoutMs
    while (this.mails.length < count) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`${this.mails.length} mails came, not ${count}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    return this.mails
  }
}
