// DKIM: DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN are read all three or none, a bad key stops
// the start with one line naming it, and a mail sent through a real SMTP server carries a
// DKIM-Signature that verifies against the public key (checked here by hand, RFC 6376).
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { priceCutMail } from '../alerts/alert-mails'
import type { Listing } from '../../shared/listing'
import { createMailer } from './mailer'

const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()

const dkimEnv = {
  PUBLIC_URL: 'https://homes.example.com',
  DKIM_PRIVATE_KEY: pem,
  DKIM_SELECTOR: 'mail2026',
  DKIM_DOMAIN: 'homes.example.com',
}

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('loadConfig accepted it')
}

/** Relaxed body canonicalization (RFC 6376 §3.4.4). */
function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''))
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`
}

/** Relaxed header canonicalization (RFC 6376 §3.4.2). */
function relaxedHeader(name: string, value: string): string {
  return `${name.toLowerCase().trim()}:${value
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim()}`
}

/** Whether the message's DKIM-Signature verifies with `key`; throws on what it cannot read. */
function dkimVerifies(raw: string, key: crypto.KeyObject): boolean {
  const end = raw.indexOf('\r\n\r\n')
  const headers = raw
    .slice(0, end)
    .split(/\r\n(?![ \t])/)
    .map((line) => {
      const colon = line.indexOf(':')
      return { name: line.slice(0, colon), value: line.slice(colon + 1) }
    })
  const signature = headers.find((header) => header.name.toLowerCase() === 'dkim-signature')
  if (!signature) throw new Error('no DKIM-Signature')
  const tags = new Map(
    signature.value.split(';').map((tag) => {
      const equals = tag.indexOf('=')
      return [tag.slice(0, equals).trim(), tag.slice(equals + 1).replace(/\s+/g, '')] as const
    }),
  )
  expect(tags.get('a')).toBe('rsa-sha256')
  expect(tags.get('c')).toBe('relaxed/relaxed')
  const bodyHash = crypto
    .createHash('sha256')
    .update(relaxedBody(raw.slice(end + 4)))
    .digest('base64')
  if (bodyHash !== tags.get('bh')) return false
  // Each name in h= takes the last not yet used header of that name.
  const unused = [...headers]
  const signed = (tags.get('h') ?? '').split(':').flatMap((name) => {
    const index = unused.findLastIndex((header) => header.name.toLowerCase() === name.toLowerCase())
    if (index < 0) return []
    const [header] = unused.splice(index, 1)
    return [`${relaxedHeader(header!.name, header!.value)}\r\n`]
  })
  const withoutB = signature.value.replace(/(^|;)(\s*b=)[^;]*/, '$1$2')
  const data = signed.join('') + relaxedHeader(signature.name, withoutB)
  return crypto.verify('sha256', Buffer.from(data), key, Buffer.from(tags.get('b')!, 'base64'))
}

describe('DKIM configuration', () => {
  it('reads all three, or none', () => {
    expect(loadConfig({}).dkim).toBeUndefined()
    expect(loadConfig(dkimEnv).dkim).toEqual({
      domainName: 'homes.example.com',
      keySelector: 'mail2026',
      privateKey: pem.trim(),
    })
    expect(configError({ DKIM_SELECTOR: 'mail2026', DKIM_DOMAIN: 'homes.example.com' })).toBe(
      'DKIM signing needs DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN: DKIM_PRIVATE_KEY not set',
    )
    expect(configError({ DKIM_PRIVATE_KEY: pem })).toContain(
      'DKIM_SELECTOR and DKIM_DOMAIN not set',
    )
  })

  it('takes a key written on one line with \\n, and refuses a bad key in one line naming it', () => {
    const oneLine = pem.trim().split('\n').join('\\n')
    expect(loadConfig({ ...dkimEnv, DKIM_PRIVATE_KEY: oneLine }).dkim?.privateKey).toBe(pem.trim())
    const ellipticKey = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
    const notRsa = ellipticKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    const cut = pem.slice(0, pem.length / 2)
    for (const key of ['not a key', notRsa, cut]) {
      const message = configError({ ...dkimEnv, DKIM_PRIVATE_KEY: key })
      expect(message).toMatch(/^DKIM_PRIVATE_KEY must be an RSA private key/)
      expect(message).not.toContain('\n')
    }
    expect(configError({ ...dkimEnv, DKIM_SELECTOR: 'a b' })).toMatch(/^DKIM_SELECTOR/)
    expect(configError({ ...dkimEnv, DKIM_DOMAIN: 'localhost' })).toMatch(/^DKIM_DOMAIN/)
  })
})

describe('a DKIM-signed mail through a real SMTP server', () => {
  let server: SMTPServer
  let port: number
  let dataDir: string
  const received: string[] = []

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dkim-test-'))
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'))
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  it('carries a DKIM-Signature of our domain that verifies, and fails once changed', async () => {
    const config = loadConfig({
      ...dkimEnv,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'House Marketplace <no-reply@homes.example.com>',
    })
    const listing = {
      id: 'abc',
      type: 'rent',
      name: 'Flat with a view  and   spaces ',
      bedrooms: 2,
      bathrooms: 1,
      parking: true,
      furnished: false,
      location: 'Paris',
      offer: false,
      regularPrice: 1500,
      discountedPrice: null,
      imageUrls: [],
      geolocation: { lat: 0, lng: 0 },
      timestamp: '2026-11-26T00:00:00.000Z',
      userRef: 'owner',
      status: 'active',
    } as unknown as Listing
    await createMailer(config).send(
      priceCutMail({
        to: 'saver@example.org',
        publicUrl: config.publicUrl,
        listing,
        previousPrice: 1800,
        unsubscribeUrl: `${config.publicUrl}/unsubscribe/price-cut/token`,
      }),
    )
    expect(received).toHaveLength(1)
    const raw = received[0]!
    expect(raw).toMatch(/^DKIM-Signature: /im)
    expect(raw).toMatch(/\bd=homes\.example\.com;/)
    expect(raw).toMatch(/\bs=mail2026;/)
    expect(dkimVerifies(raw, publicKey)).toBe(true)
    // The check is real: another key, a changed body or a changed subject do not verify.
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey
    expect(dkimVerifies(raw, other)).toBe(false)
    expect(dkimVerifies(raw.replace('1,500', '1,400'), publicKey)).toBe(false)
    expect(dkimVerifies(raw.replace(/^Subject: .*$/m, 'Subject: Win'), publicKey)).toBe(false)
  })
})
