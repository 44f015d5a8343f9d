// The environment (README.md, Configuration), read once into a typed object.
import crypto from 'node:crypto'
import { isIP } from 'node:net'
import path from 'node:path'

export type GeocoderName = 'offline' | 'google' | 'nominatim'
export type StorageName = 'disk' | 's3'

/** An address range of proxies we trust: one address is a range of its full length. */
export interface AddressRange {
  address: string
  prefix: number
  family: 'ipv4' | 'ipv6'
}

/**
 * Which peers may tell us the client's address (X-Forwarded-For, Forwarded): the last `hops`
 * proxies before us, or those within `ranges`. `{ hops: 0 }` trusts none.
 */
export type TrustProxy = { hops: number } | { ranges: AddressRange[] }

export interface Config {
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl: string | undefined
  authSecret: string | undefined
  seedDemo: boolean
  smtpUrl: string | undefined
  mailFrom: string
  /** DKIM signing of outgoing mail (nodemailer's `dkim` option), when all three are set */
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined
  google: { clientId: string | undefined; clientSecret: string | undefined; issuer: string }
  geocoder: GeocoderName
  googleMapsApiKey: string | undefined
  googleGeocodingUrl: string
  nominatimUrl: string
  storage: StorageName
  s3: {
    endpoint: string | undefined
    region: string | undefined
    bucket: string | undefined
    accessKeyId: string | undefined
    secretAccessKey: string | undefined
    publicUrl: string | undefined
  }
  mapTileUrl: string
  /** how soon an instant saved-search alert is sent after its match, in seconds */
  alertDelaySeconds: number
  /** how long an unread message waits before its recipient is mailed, in seconds */
  messageMailDelaySeconds: number
  trustProxy: TrustProxy
  /** uploads are refused (507) while a disk they land on has less free, in MiB; 0: never */
  mediaMinFreeMb: number
  /** searches no cache serves that one client address may make a minute, per server; 0: no limit */
  searchReadsPerMinute: number
  /** lower-cased addresses whose verified accounts may moderate listings */
  moderatorEmails: string[]
  /** how often each server writes the listing views it gathered, in ms */
  viewBatchMs: number
}

/** A configuration value that cannot be used; main.ts prints its message as the one line. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

export function loadConfig(env: Env = process.env): Config {
  const read = (name: string) => {
    const value = env[name]?.trim()
    return value === '' ? undefined : value
  }

  const port = readPort(read('PORT'))
  const geocoderDefault: GeocoderName = read('GOOGLE_MAPS_API_KEY') ? 'google' : 'offline'
  const geocoder = oneOf('GEOCODER', read('GEOCODER') ?? geocoderDefault, [
    'offline',
    'google',
    'nominatim',
  ])
  if (geocoder === 'google' && !read('GOOGLE_MAPS_API_KEY')) {
    throw new ConfigError('GEOCODER=google needs GOOGLE_MAPS_API_KEY')
  }
  const storage = oneOf('STORAGE', read('STORAGE') ?? 'disk', ['disk', 's3'])
  const s3 = {
    endpoint: optionalUrl('S3_ENDPOINT', read('S3_ENDPOINT')),
    region: read('S3_REGION'),
    bucket: read('S3_BUCKET'),
    accessKeyId: read('S3_ACCESS_KEY_ID'),
    secretAccessKey: read('S3_SECRET_ACCESS_KEY'),
    publicUrl: optionalUrl('S3_PUBLIC_URL', read('S3_PUBLIC_URL')),
  }
  if (storage === 's3') {
    for (const [name, value] of [
      ['S3_BUCKET', s3.bucket],
      ['S3_ACCESS_KEY_ID', s3.accessKeyId],
      ['S3_SECRET_ACCESS_KEY', s3.secretAccessKey],
    ] as const) {
      if (!value) throw new ConfigError(`STORAGE=s3 needs ${name}`)
    }
  }

  const databaseUrl = read('DATABASE_URL')
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://')
  }

  return {
    port,
    host: read('HOST') ?? '127.0.0.1',
    publicUrl: stripSlash(
      optionalUrl('PUBLIC_URL', read('PUBLIC_URL')) ?? `http://localhost:${port}`,
    ),
    dataDir: path.resolve(read('DATA_DIR') ?? './data'),
    databaseUrl,
    authSecret: readSecret(read('AUTH_SECRET')),
    seedDemo: readBoolean('SEED_DEMO', read('SEED_DEMO'), true),
    smtpUrl: optionalUrl('SMTP_URL', read('SMTP_URL')),
    mailFrom: read('MAIL_FROM') ?? 'House Marketplace <no-reply@localhost>',
    dkim: readDkim(read('DKIM_PRIVATE_KEY'), read('DKIM_SELECTOR'), read('DKIM_DOMAIN')),
    google: {
      clientId: read('GOOGLE_CLIENT_ID'),
      clientSecret: read('GOOGLE_CLIENT_SECRET'),
      issuer: stripSlash(
        optionalUrl('GOOGLE_ISSUER', read('GOOGLE_ISSUER')) ?? 'https://accounts.google.com',
      ),
    },
    geocoder,
    googleMapsApiKey: read('GOOGLE_MAPS_API_KEY'),
    googleGeocodingUrl:
      optionalUrl('GOOGLE_GEOCODING_URL', read('GOOGLE_GEOCODING_URL')) ??
      'https://maps.googleapis.com/maps/api/geocode/json',
    nominatimUrl: stripSlash(
      optionalUrl('NOMINATIM_URL', read('NOMINATIM_URL')) ?? 'https://nominatim.openstreetmap.org',
    ),
    storage,
    s3,
    mapTileUrl: read('MAP_TILE_URL') ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    alertDelaySeconds: readDelaySeconds('ALERT_DELAY_SECONDS', read, 60),
    messageMailDelaySeconds: readDelaySeconds('MESSAGE_MAIL_DELAY_SECONDS', read, 120),
    trustProxy: readTrustProxy(read('TRUST_PROXY')),
    mediaMinFreeMb: readMediaMinFree(read('MEDIA_MIN_FREE_MB')),
    searchReadsPerMinute: readSearchReadsPerMinute(read('SEARCH_READS_PER_MINUTE')),
    moderatorEmails: readModeratorEmails(read('MODERATOR_EMAILS')),
    viewBatchMs: readViewBatchMs(read('VIEW_BATCH_MS')),
  }
}

/** 120 by default (the API contract); 0 turns the limit off, for benchmarks from one address. */
function readSearchReadsPerMinute(value: string | undefined): number {
  if (value === undefined) return 120
  const count = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(count)) {
    throw new ConfigError(`SEARCH_READS_PER_MINUTE must be a whole number, not '${value}'`)
  }
  return count
}

/** Comma-separated addresses; each must look like one, so that a typo is not a silent no-op. */
function readModeratorEmails(value: string | undefined): string[] {
  if (value === undefined) return []
  const emails = value
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== '')
  for (const email of emails) {
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) {
      throw new ConfigError(
        `MODERATOR_EMAILS must be e-mail addresses separated by commas, not '${email}'`,
      )
    }
  }
  return emails
}

function readPort(value: string | undefined): number {
  if (value === undefined) return 3000
  const port = Number(value)
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 1 to 65535, not '${value}'`)
  }
  return port
}

/**
 * A wait of 0 to 86400 whole seconds in `name`, else `fallback`: at most a day (an instant alert
 * that waits longer is a daily one).
 */
function readDelaySeconds(
  name: string,
  read: (name: string) => string | undefined,
  fallback: number,
): number {
  const value = read(name)
  if (value === undefined) return fallback
  const seconds = Number(value)
  if (!/^\d+$/.test(value) || seconds > 86_400) {
    throw new ConfigError(
      `${name} must be a whole number of seconds from 0 to 86400, not '${value}'`,
    )
  }
  return seconds
}

/**
 * How often views are written, 100 ms to a minute (5 s when unset): a server stopped by SIGKILL
 * loses the views of this long at most (docs/reliability.md).
 */
function readViewBatchMs(value: string | undefined): number {
  if (value === undefined) return 5000
  const ms = Number(value)
  if (!/^\d+$/.test(value) || ms < 100 || ms > 60_000) {
    throw new ConfigError(
      `VIEW_BATCH_MS must be a whole number of milliseconds from 100 to 60000, not '${value}'`,
    )
  }
  return ms
}

/** Megabytes (MiB) of free disk below which uploads are refused; 0 turns the check off. */
function readMediaMinFree(value: string | undefined): number {
  if (value === undefined) return 1024
  const megabytes = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(megabytes)) {
    throw new ConfigError(
      `MEDIA_MIN_FREE_MB must be a whole number of megabytes (0 turns the check off), not '${value}'`,
    )
  }
  return megabytes
}

/** A number of hops, or addresses and CIDR ranges separated by commas (`loopback` for both loopbacks). */
export function readTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined) return { hops: 0 }
  const refuse = () =>
    new ConfigError(
      `TRUST_PROXY must be a number of proxy hops or proxy addresses and ranges such as 10.0.0.0/8,::1,loopback, not '${value}'`,
    )
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (!Number.isSafeInteger(hops)) throw refuse()
    return { hops }
  }
  const ranges: AddressRange[] = []
  for (const part of value.split(',').map((text) => text.trim())) {
    if (part.toLowerCase() === 'loopback') {
      ranges.push(
        { address: '127.0.0.0', prefix: 8, family: 'ipv4' },
        { address: '::1', prefix: 128, family: 'ipv6' },
      )
      continue
    }
    const [address = '', prefixText, ...rest] = part.split('/')
    const version = isIP(address)
    const longest = version === 4 ? 32 : 128
    const prefix = prefixText === undefined ? longest : Number(prefixText)
    if (
      version === 0 ||
      address.includes('%') ||
      rest.length > 0 ||
      (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) ||
      prefix > longest
    ) {
      throw refuse()
    }
    ranges.push({ address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' })
  }
  return { ranges }
}

/** All three or none; the key as PEM, its line breaks written as `\n` where a line must hold it. */
function readDkim(
  key: string | undefined,
  selector: string | undefined,
  domain: string | undefined,
): Config['dkim'] {
  const given = { DKIM_PRIVATE_KEY: key, DKIM_SELECTOR: selector, DKIM_DOMAIN: domain }
  const missing = Object.entries(given).filter(([, value]) => value === undefined)
  if (missing.length === 3) return undefined
  if (key === undefined || selector === undefined || domain === undefined) {
    const names = missing.map(([name]) => name).join(' and ')
    throw new ConfigError(
      `DKIM signing needs DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN: ${names} not set`,
    )
  }
  const privateKey = key.replace(/\\n/g, '\n')
  let type: string | undefined
  try {
    type = crypto.createPrivateKey(privateKey).asymmetricKeyType
  } catch {
    type = undefined
  }
  if (type !== 'rsa') {
    throw new ConfigError(
      'DKIM_PRIVATE_KEY must be an RSA private key in PEM form (-----BEGIN PRIVATE KEY-----)',
    )
  }
  if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(selector)) {
    throw new ConfigError(`DKIM_SELECTOR must be a DNS label such as 'mail2026', not '${selector}'`)
  }
  if (!/^([A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/.test(domain)) {
    throw new ConfigError(`DKIM_DOMAIN must be a domain name such as example.com, not '${domain}'`)
  }
  return { domainName: domain, keySelector: selector, privateKey }
}

function readSecret(value: string | undefined): string | undefined {
  if (value !== undefined && value.length < 32) {
    throw new ConfigError('AUTH_SECRET must be at least 32 characters long')
  }
  return value
}

function readBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback
  if (['true', '1', 'yes'].includes(value.toLowerCase())) return true
  if (['false', '0', 'no'].includes(value.toLowerCase())) return false
  throw new ConfigError(`${name} must be true or false, not '${value}'`)
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T
  throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, not '${value}'`)
}

function optionalUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  try {
    const url = new URL(value)
    if (!/^(https?|smtps?|postgres(ql)?):$/.test(url.protocol)) throw new Error(url.protocol)
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, not '${value}'`)
  }
  return value
}

export function stripSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
