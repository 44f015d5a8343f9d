import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`)
}

describe('loadConfig', () => {
  it("has the defaults of the README's configuration table", () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      authSecret: undefined,
      seedDemo: true,
      smtpUrl: undefined,
      google: {
        clientId: undefined,
        clientSecret: undefined,
        issuer: 'https://accounts.google.com',
      },
      geocoder: 'offline',
      googleMapsApiKey: undefined,
      googleGeocodingUrl: 'https://maps.googleapis.com/maps/api/geocode/json',
      nominatimUrl: 'https://nominatim.openstreetmap.org',
      storage: 'disk',
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      alertDelaySeconds: 60,
      trustProxy: { hops: 0 },
    })
  })

  it('reads TRUST_PROXY as a number of hops, or as proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 })
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,fd00::/8' }).trustProxy).toEqual({
      ranges: [
        { address: '10.0.0.0', prefix: 8, family: 'ipv4' },
        { address: '192.0.2.1', prefix: 32, family: 'ipv4' },
        { address: 'fd00::', prefix: 8, family: 'ipv6' },
      ],
    })
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual({
      ranges: [
        { address: '127.0.0.0', prefix: 8, family: 'ipv4' },
        { address: '::1', prefix: 128, family: 'ipv6' },
      ],
    })
  })

  it('reads only the environment it is given', () => {
    // process.env of the test run (e.g. TEST_DATABASE_URL, PORT) must not leak in.
    expect(loadConfig({}).databaseUrl).toBeUndefined()
    expect(loadConfig({}).port).toBe(3000)
  })

  it('treats empty and blank values as unset', () => {
    const config = loadConfig({ PORT: '', GEOCODER: '  ', DATABASE_URL: '', STORAGE: '' })
    expect(config.port).toBe(3000)
    expect(config.geocoder).toBe('offline')
    expect(config.databaseUrl).toBeUndefined()
    expect(config.storage).toBe('disk')
  })

  it('derives PUBLIC_URL from PORT and strips trailing slashes from URLs', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
    expect(loadConfig({ PUBLIC_URL: 'https://homes.example.com/' }).publicUrl).toBe(
      'https://homes.example.com',
    )
    expect(loadConfig({ GOOGLE_ISSUER: 'http://127.0.0.1:4000/' }).google.issuer).toBe(
      'http://127.0.0.1:4000',
    )
  })

  it('uses the Google geocoder when a Maps key is set, unless GEOCODER says otherwise', () => {
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: 'key' }).geocoder).toBe('google')
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: 'key', GEOCODER: 'nominatim' }).geocoder).toBe(
      'nominatim',
    )
  })

  it('accepts PostgreSQL URLs, S3 with its settings, and SEED_DEMO words', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).databaseUrl).toBe('postgres://u@h/db')
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).databaseUrl).toBe(
      'postgresql://u@h/db',
    )
    const s3 = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'http://127.0.0.1:4569',
    })
    expect(s3.storage).toBe('s3')
    expect(s3.s3).toMatchObject({ bucket: 'media', endpoint: 'http://127.0.0.1:4569' })
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false)
    expect(loadConfig({ SEED_DEMO: 'NO' }).seedDemo).toBe(false)
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true)
    expect(loadConfig({ PORT: ' 65535 ' }).port).toBe(65535)
    expect(loadConfig({ ALERT_DELAY_SECONDS: '0' }).alertDelaySeconds).toBe(0)
    expect(loadConfig({ ALERT_DELAY_SECONDS: '86400' }).alertDelaySeconds).toBe(86_400)
    expect(loadConfig({}).messageMailDelaySeconds).toBe(120)
    expect(loadConfig({ MESSAGE_MAIL_DELAY_SECONDS: '0' }).messageMailDelaySeconds).toBe(0)
    expect(loadConfig({}).mediaMinFreeMb).toBe(1024)
    expect(loadConfig({ MEDIA_MIN_FREE_MB: '0' }).mediaMinFreeMb).toBe(0)
    expect(loadConfig({}).searchReadsPerMinute).toBe(120)
    expect(loadConfig({ SEARCH_READS_PER_MINUTE: '0' }).searchReadsPerMinute).toBe(0)
    expect(loadConfig({}).moderatorEmails).toEqual([])
    expect(
      loadConfig({ MODERATOR_EMAILS: ' Mod@Example.com, ,second@example.com ' }).moderatorEmails,
    ).toEqual(['mod@example.com', 'second@example.com'])
  })

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '0' }],
    ['PORT', { PORT: '65536' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '3000.5' }],
    ['PORT', { PORT: '1e3' }],
    ['GEOCODER', { GEOCODER: 'bing' }],
    ['GEOCODER', { GEOCODER: 'Google' }],
    ['GOOGLE_MAPS_API_KEY', { GEOCODER: 'google' }],
    ['STORAGE', { STORAGE: 'ftp' }],
    ['STORAGE', { STORAGE: 'S3' }],
    ['S3_BUCKET', { STORAGE: 's3', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }],
    ['S3_ENDPOINT', { S3_ENDPOINT: 'not a url' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://u@h/db' }],
    ['DATABASE_URL', { DATABASE_URL: 'sqlite:./data/app.db' }],
    ['DATABASE_URL', { DATABASE_URL: 'localhost:5432' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'short' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'localhost:3000' }],
    ['SMTP_URL', { SMTP_URL: 'ftp://mail' }],
    ['ALERT_DELAY_SECONDS', { ALERT_DELAY_SECONDS: 'soon' }],
    ['ALERT_DELAY_SECONDS', { ALERT_DELAY_SECONDS: '-5' }],
    ['ALERT_DELAY_SECONDS', { ALERT_DELAY_SECONDS: '1.5' }],
    ['ALERT_DELAY_SECONDS', { ALERT_DELAY_SECONDS: '86401' }],
    ['MESSAGE_MAIL_DELAY_SECONDS', { MESSAGE_MAIL_DELAY_SECONDS: 'later' }],
    ['MESSAGE_MAIL_DELAY_SECONDS', { MESSAGE_MAIL_DELAY_SECONDS: '86401' }],
    ['MEDIA_MIN_FREE_MB', { MEDIA_MIN_FREE_MB: '1GB' }],
    ['MODERATOR_EMAILS', { MODERATOR_EMAILS: 'moderator@example.com, moderator' }],
    ['MEDIA_MIN_FREE_MB', { MEDIA_MIN_FREE_MB: '-1' }],
    ['MEDIA_MIN_FREE_MB', { MEDIA_MIN_FREE_MB: '99999999999999999999' }],
    ['SEARCH_READS_PER_MINUTE', { SEARCH_READS_PER_MINUTE: 'many' }],
    ['SEARCH_READS_PER_MINUTE', { SEARCH_READS_PER_MINUTE: '-1' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: '-1' }],
    ['TRUST_PROXY', { TRUST_PROXY: '1.5' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '::1/129' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/8/8' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0,' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'proxy.internal' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'fe80::1%eth0' }],
    ['TRUST_PROXY', { TRUST_PROXY: '99999999999999999999' }],
  ])('refuses a bad value with a ConfigError naming %s (%j)', (name, env) => {
    const error = configError(env)
    expect(error.name).toBe('ConfigError')
    expect(error.message).toContain(name)
    expect(error.message).not.toContain('\n')
  })
})
