// Fuzzes the tus endpoint /api/uploads: hostile creation headers and metadata, hostile chunks, odd
// and other users' upload ids.
import fs from 'node:fs/promises'
import path from 'node:path'
import fc from 'fast-check'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxImageBytes } from '../../src/shared/listing-schema'
import { createTestApp, createUser, dialects, type TestApp } from '../support/test-app'
import { ask, expectErrorResponse, type TextResponse } from '../support/fuzz/responses'
import { fuzzParameters, fuzzTimeout, outcomes } from '../support/fuzz/fuzz-run'
import { signIn } from '../support/sign-in'
import { hostileSegment, hostileString, percentEncode } from '../support/fuzz/hostile-values'
import { expectStoredUploadsValid } from '../support/fuzz/stored-rows'
import { tusMetadata, finishedUpload } from '../support/tus'

/** Header values can only hold Latin-1 without NUL or line breaks: the hostile strings, made sendable. */
const headerValue = hostileString.map((text) => text.replace(/[^\t\x20-\x7e\x80-\xff]/g, ''))

const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64')

const fileName = fc.oneof(
  fc.constantFrom('photo.png', 'C:\\photos\\a.png', '../../etc/passwd', 'a'.repeat(300), ''),
  hostileString,
)

const metadata = fc.oneof(
  {
    arbitrary: fileName.map((name) => tusMetadata({ filename: name, filetype: 'image/png' })),
    weight: 6,
  },
  {
    arbitrary: fc.oneof(
      fc.constantFrom(
        'filename',
        'filename !!!not-base64!!!',
        'filename ',
        ',',
        ' filename cGhvdG8ucG5n',
        'filename cGhvdG8ucG5n,filename cGhvdG8ucG5n',
        'filename cGhvdG8ucG5n filetype',
        `filename ${base64(Buffer.from([0xff, 0xfe, 0x00, 0xc3]))}`,
        `filename ${'A'.repeat(20_000)}`,
        '__proto__ cG9sbHV0ZWQ=,filename cGhvdG8ucG5n',
      ),
      headerValue,
    ),
    weight: 3,
  },
)

const integerText = (min: number, max: number) => fc.integer({ min, max }).map(String)

const uploadLength = fc.oneof(
  { arbitrary: integerText(1, 20_000), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '1e3',
      '0x10',
      '1.5',
      ' 10',
      '+10',
      '99999999999999999999',
      'NaN',
      '',
      String(maxImageBytes),
      String(maxImageBytes + 1),
    ),
    weight: 3,
  },
  { arbitrary: headerValue, weight: 1 },
)

const tusVersion = fc.oneof(
  { arbitrary: fc.constant('1.0.0'), weight: 8 },
  { arbitrary: fc.constantFrom('0.2.2', '1.0', '', 'x', '1.0.0, 0.2.2'), weight: 1 },
)

/** Optional headers: present with a value, or left out. */
const optional = <T>(arbitrary: fc.Arbitrary<T>, weight = 1) =>
  fc.oneof({ arbitrary: arbitrary, weight: 6 }, { arbitrary: fc.constant(undefined), weight })

const withoutAbsent = (headers: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >

/** tus responds to HEAD without a body: only the status can be checked. */
function expectErrorResponseOf(method: string, response: TextResponse) {
  if (method === 'HEAD') {
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
  } else {
    expectErrorResponse(response)
  }
}

describe.each(dialects)('hostile requests to /api/uploads on %s', (dialect) => {
  let t: TestApp
  let png: Buffer
  /** The uploading user; replaced when one of their upload limits is reached. */
  let uploader: { id: string; cookie: string }
  let victim: { id: string; cookie: string }
  /** The victim's upload that is still receiving bytes, and their finished one. */
  let victimReceiving: string
  let victimReady: string

  async function newUploader() {
    const user = await createUser(t.context)
    return { id: user.id, cookie: await signIn(t.context, user) }
  }

  /** The rows of the uploader and the victim: the only ones a case may touch. */
  const uploadRows = (uploaderId = uploader.id) =>
    t.context.db.kysely
      .selectFrom('upload')
      .selectAll()
      .where('userId', 'in', [uploaderId, victim.id])
      .orderBy('id')
      .execute()
  const stagedSize = (id: string) =>
    fs.stat(path.join(t.dataDir, 'uploads', id)).then(
      (stat) => stat.size,
      () => undefined,
    )

  async function create(cookie: string, length: number, headers: Record<string, string> = {}) {
    return ask(t.app, '/api/uploads', {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(length),
        'Upload-Metadata': tusMetadata({ filename: 'photo.png' }),
        Cookie: cookie,
        ...headers,
      },
    })
  }

  /** A new upload of `uploader` that is waiting for its bytes; a new uploader when at a limit. */
  async function receivingUpload(length: number): Promise<string> {
    let response = await create(uploader.cookie, length)
    if (response.status === 429) {
      uploader = await newUploader()
      response = await create(uploader.cookie, length)
    }
    expect(response.status, response.text).toBe(201)
    return response.headers.get('location')!.split('/').pop()!
  }

  /**
   * Sends the bytes an upload still waits for (zeros, which are no image): rejected, it no longer
   * counts against the uploader's limit on unfinished uploads.
   */
  async function settle(id: string) {
    if ((await t.context.uploads.get(id))?.status !== 'receiving') return
    const tus = { 'Tus-Resumable': '1.0.0', Cookie: uploader.cookie }
    const head = await ask(t.app, `/api/uploads/${id}`, { method: 'HEAD', headers: tus })
    expect(head.status).toBe(200)
    const offset = Number(head.headers.get('upload-offset'))
    const rest = Number(head.headers.get('upload-length')) - offset
    const response = await ask(t.app, `/api/uploads/${id}`, {
      method: 'PATCH',
      headers: {
        ...tus,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(rest),
    })
    expect(response.status, response.text).toBe(422)
    expect((await t.context.uploads.get(id))?.status).toBe('rejected')
  }

  beforeAll(async () => {
    t = await createTestApp(dialect)
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a37' } })
      .png()
      .toBuffer()
    uploader = await newUploader()
    victim = await newUploader()
    const created = await create(victim.cookie, 100)
    victimReceiving = created.headers.get('location')!.split('/').pop()!
    const chunk = await ask(t.app, `/api/uploads/${victimReceiving}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        Cookie: victim.cookie,
      },
      body: new Uint8Array(10),
    })
    expect(chunk.status, chunk.text).toBe(204)
    victimReady = await finishedUpload(t.app, victim.cookie)
  })
  afterAll(() => t?.close())

  it(
    'creates an upload only from valid tus headers, and records nothing otherwise',
    async () => {
      const headers = fc.record({
        'Tus-Resumable': optional(tusVersion),
        'Upload-Length': optional(uploadLength),
        // Mostly absent: a deferred length is rejected anyway.
        'Upload-Defer-Length': optional(fc.constantFrom('1', '0', 'x'), 12),
        'Upload-Metadata': optional(metadata),
      })
      // Mostly absent: bytes with a creation are rejected, and the accepted cases must be many.
      const body = optional(fc.uint8Array({ maxLength: 64 }), 24)
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(headers, body, async (sent, bytes) => {
          const before = await uploadRows()
          const response = await ask(t.app, '/api/uploads', {
            method: 'POST',
            headers: {
              ...withoutAbsent(sent),
              Cookie: uploader.cookie,
              ...(bytes && { 'Content-Type': 'application/offset+octet-stream' }),
            },
            ...(bytes && { body: bytes }),
          })
          tally.count(response.status === 201)
          if (response.status === 201) {
            const id = response.headers.get('location')!.split('/').pop()!
            const row = await t.context.uploads.get(id)
            expect(row?.userId).toBe(uploader.id)
            // Bytes with the creation are rejected: they could leave a rejected upload behind.
            expect(bytes).toBeFalsy()
            expect(sent['Tus-Resumable']).toBe('1.0.0')
            // Headers lose their surrounding spaces on the way.
            expect(sent['Upload-Length']?.trim()).toMatch(/^\d+$/)
            expect(Number(sent['Upload-Length'])).toBeGreaterThan(0)
            expect(Number(sent['Upload-Length'])).toBeLessThanOrEqual(maxImageBytes)
            await settle(id)
          } else {
            expectErrorResponse(response)
            expect(await uploadRows()).toEqual(before)
            if (response.status === 429) uploader = await newUploader()
          }
          await expectStoredUploadsValid(t.context.db, [uploader.id, victim.id])
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    'takes a chunk only at the right offset, and keeps the upload whole otherwise',
    async () => {
      const chunk = fc.record({
        'Tus-Resumable': optional(tusVersion),
        'Upload-Offset': optional(
          fc.oneof(
            { arbitrary: fc.constant('0'), weight: 6 },
            {
              arbitrary: fc.constantFrom(
                '-1',
                '1',
                '0x0',
                '0.0',
                ' 0',
                '',
                '1e1',
                String(maxImageBytes),
              ),
              weight: 2,
            },
            { arbitrary: headerValue, weight: 1 },
          ),
        ),
        'Content-Type': optional(
          fc.oneof(
            { arbitrary: fc.constant('application/offset+octet-stream'), weight: 6 },
            { arbitrary: fc.constantFrom('application/json', 'text/plain', ''), weight: 1 },
            { arbitrary: headerValue, weight: 1 },
          ),
        ),
      })
      const content = fc.oneof(
        fc.constant('whole image' as const),
        fc.constant('part of it' as const),
        fc.constant('more than declared' as const),
        fc.uint8Array({ maxLength: 64 }),
      )
      const tally = outcomes()
      await fc.assert(
        fc.asyncProperty(chunk, content, async (sent, what) => {
          const id = await receivingUpload(png.length)
          const bytes =
            what === 'whole image'
              ? png
              : what === 'part of it'
                ? png.subarray(0, png.length >> 1)
                : what === 'more than declared'
                  ? Buffer.concat([png, png])
                  : Buffer.from(what)
          const response = await ask(t.app, `/api/uploads/${id}`, {
            method: 'PATCH',
            headers: { ...withoutAbsent(sent), Cookie: uploader.cookie },
            body: new Uint8Array(bytes),
          })
          const row = await t.context.uploads.get(id)
          tally.count(response.status === 204)
          if (response.status === 204) {
            // Headers lose their surrounding spaces on the way.
            expect(sent['Upload-Offset']?.trim()).toBe('0')
            expect(Number(response.headers.get('upload-offset'))).toBe(
              Math.min(bytes.length, png.length),
            )
            if (what === 'whole image') expect(row?.status).toBe('ready')
          } else {
            expectErrorResponse(response)
            expect(row?.status).not.toBe('ready')
          }
          await settle(id)
          await expectStoredUploadsValid(t.context.db, [uploader.id, victim.id])
        }),
        fuzzParameters(),
      )
      tally.expectBoth()
    },
    fuzzTimeout(),
  )

  it(
    "responds with 404 to any request naming another user's upload, or an upload that is not there",
    async () => {
      const target = fc.oneof(fc.constantFrom('RECEIVING', 'READY'), hostileSegment)
      const shape = fc.constantFrom(
        (id: string) => `/api/uploads/${id}`,
        (id: string) => `/api/uploads/${id}/`,
        (id: string) => `/api/uploads//${id}`,
        (id: string) => `/api/uploads/x/../${id}`,
        (id: string) => `/api/uploads/${percentEncode(id)}`,
        (id: string) => `/api/uploads/${id}?id=${id}`,
        (id: string) => `/api/uploads/${id.toLowerCase()}`,
      )
      const method = fc.constantFrom('HEAD', 'PATCH', 'DELETE', 'POST', 'GET', 'OPTIONS')
      await fc.assert(
        fc.asyncProperty(target, shape, method, async (name, url, verb) => {
          const id = name === 'RECEIVING' ? victimReceiving : name === 'READY' ? victimReady : name
          const before = await uploadRows()
          const staged = await stagedSize(victimReceiving)
          const response = await ask(t.app, url(id), {
            method: verb,
            headers: {
              'Tus-Resumable': '1.0.0',
              'Upload-Offset': '10',
              'Upload-Length': '100',
              'Upload-Metadata': tusMetadata({ filename: 'photo.png' }),
              'Content-Type': 'application/offset+octet-stream',
              Cookie: uploader.cookie,
            },
            ...(verb === 'PATCH' && { body: new Uint8Array(5) }),
          })
          // Same-origin: no response tells another site it may read it.
          expect(response.headers.get('access-control-allow-origin')).toBeNull()
          if (response.status >= 200 && response.status < 300) {
            // Only the capability response (OPTIONS) and a new upload of our own (POST) succeed.
            expect(['OPTIONS', 'POST']).toContain(verb)
            if (verb === 'POST') {
              const created = response.headers.get('location')!.split('/').pop()!
              expect((await t.context.uploads.get(created))?.userId).toBe(uploader.id)
            }
          } else {
            expectErrorResponseOf(verb, response)
            if (response.status === 429) uploader = await newUploader()
          }
          const victims = (rows: typeof before) => rows.filter((row) => row.userId === victim.id)
          expect(victims(await uploadRows())).toEqual(victims(before))
          expect(await stagedSize(victimReceiving)).toBe(staged)
        }),
        fuzzParameters(),
      )
    },
    fuzzTimeout(),
  )
})
