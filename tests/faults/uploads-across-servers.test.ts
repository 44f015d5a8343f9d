// Uploads kept in S3 go on at any server: two real server processes on one
// PostgreSQL database and one bucket take the chunks of one upload in turn, and one of them dies
// with SIGKILL half-way through a chunk.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAppContext, type AppContext } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { createS3Client } from '../../src/server/media/s3-store'
import { removeStaleUploads } from '../../src/server/uploads/cleanup'
import { stagingPrefix } from '../../src/server/uploads/s3-staging-store'
import { lockTimings } from '../../src/server/uploads/upload-locker'
import { uploadLimits } from '../../src/server/uploads/upload-limits'
import { startS3rver, type LocalS3 } from '../support/s3rver'
import { serverEnv, startServer, type ServerProcess } from '../support/server-process'
import { signUpAndIn, type SignedInUser } from '../support/sign-in'
import { createPostgresDatabase, dialects } from '../support/test-app'
import { createUpload, headUpload, overHttp, sendChunk } from '../support/tus'

const chunkSize = 262_144

/**
 * Noise does not compress: a PNG over S3's 5 MiB part minimum, so the upload has a real part as
 * well as the small pieces tus keeps in an incomplete part between chunks.
 */
const bigPng = () =>
  sharp(crypto.randomBytes(1600 * 1600 * 3), { raw: { width: 1600, height: 1600, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()

describe.runIf(dialects.includes('postgres'))('uploads across two servers in S3', () => {
  let s3: LocalS3
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  const dataDirs: string[] = []
  const servers: ServerProcess[] = []
  let context: AppContext
  let owner: SignedInUser
  let stranger: SignedInUser
  let env: (dataDir: string) => Record<string, string>

  const bucketKeys = async (prefix: string) => {
    const listed = await createS3Client(s3).send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }),
    )
    return (listed.Contents ?? []).map((object) => object.Key!).sort()
  }

  const newServer = async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-tus-'))
    dataDirs.push(dataDir)
    const server = await startServer(env(dataDir))
    servers.push(server)
    return server
  }

  beforeAll(async () => {
    s3 = await startS3rver()
    database = await createPostgresDatabase()
    // Each server has its own DATA_DIR, as on its own machine: nothing is shared but the
    // database and the bucket.
    env = (dataDir) => ({ ...serverEnv(dataDir, database.url), ...s3.env })
    const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-tus-'))
    dataDirs.push(ownDir)
    context = await openAppContext(loadConfig({ ...env(ownDir), SEED_DEMO: 'false' }))
    owner = await signUpAndIn(context, { name: 'Owner' })
    stranger = await signUpAndIn(context, { name: 'Stranger' })
  })

  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL')
    await context?.db.close()
    await database?.drop()
    await s3?.close()
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('takes chunks in turn on either server, goes on after one dies mid-chunk, and processes once', async () => {
    const [one, two] = [await newServer(), await newServer()]
    const targets = [overHttp(one), overHttp(two)]
    const bytes = await bigPng()
    expect(bytes.length).toBeGreaterThan(5 * 1024 * 1024)

    const created = await createUpload(targets[0]!, owner.cookie, bytes.length, 'far.png')
    expect(created.status).toBe(201)
    const id = created.headers.get('location')!.split('/').pop()!

    // Past S3's first part, one chunk to each server in turn.
    let offset = 0
    for (let chunk = 0; offset < 5.5 * 1024 * 1024; chunk += 1) {
      const next = Math.min(offset + chunkSize, bytes.length)
      const response = await sendChunk(
        targets[chunk % 2]!,
        owner.cookie,
        id,
        offset,
        bytes.subarray(offset, next),
      )
      expect(response.status, await response.text()).toBe(204)
      expect(response.headers.get('upload-offset')).toBe(String(next))
      offset = next
    }
    // Neither server has the upload on its disk.
    for (const dataDir of dataDirs) {
      const files = fs.readdirSync(dataDir, { recursive: true }) as string[]
      expect(files.filter((file) => file.includes(id))).toEqual([])
    }

    // Between chunks, either server knows where the upload stands.
    for (const target of targets) {
      const head = await headUpload(target, owner.cookie, id)
      expect(head.headers.get('upload-offset')).toBe(String(offset))
    }

    // Server one receives half a chunk, holding the upload's lock, and dies.
    const half = bytes.subarray(offset, offset + chunkSize / 2)
    const stalled = fetch(`${one.url}/api/uploads/${id}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        Cookie: owner.cookie,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(chunkSize),
      },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new Uint8Array(half))
        },
      }),
      duplex: 'half',
    } as RequestInit).then(
      async (response) => `${response.status} ${await response.text()}`,
      (error: unknown) => String(error),
    )
    let responded: string | undefined
    void stalled.then((response) => (responded = response))
    await expect
      .poll(
        async () => {
          if (responded) throw new Error(`Server one responded to the cut chunk: ${responded}`)
          return (await context.uploads.get(id))?.lockHolder
        },
        { timeout: 10_000 },
      )
      .toBeTruthy()
    await one.stop('SIGKILL')
    await stalled

    // Server two reports where the upload stands once the dead server's lease is over: the first
    // part whole; the small pieces after it went with the chunk that was cut off (tus' S3 store
    // takes them back from the bucket while it writes), so the client resends them.
    const started = Date.now()
    const head = await headUpload(targets[1]!, owner.cookie, id)
    expect(head.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(lockTimings.leaseMs + 5000)
    const stored = Number(head.headers.get('upload-offset'))
    expect(stored).toBeGreaterThanOrEqual(5 * 1024 * 1024)
    expect(stored).toBeLessThanOrEqual(offset)
    offset = stored

    // The stranger finds no such upload on the server that is left.
    expect((await headUpload(targets[1]!, stranger.cookie, id)).status).toBe(404)
    const foreign = await sendChunk(targets[1]!, stranger.cookie, id, offset, half)
    expect(foreign.status).toBe(404)

    // The rest on server two.
    while (offset < bytes.length) {
      const next = Math.min(offset + chunkSize, bytes.length)
      const response = await sendChunk(
        targets[1]!,
        owner.cookie,
        id,
        offset,
        bytes.subarray(offset, next),
      )
      expect(response.status, await response.text()).toBe(204)
      offset = next
    }
    const upload = (await context.uploads.get(id))!
    expect(upload.status).toBe('ready')
    // Processed once: one image folder of this upload, and nothing of it left in staging.
    const folders = new Set(
      (await bucketKeys('images/'))
        .filter((key) => key.includes('-far.png-'))
        .map((key) => path.dirname(key)),
    )
    expect([...folders]).toEqual([upload.imageKey])
    expect((await bucketKeys(stagingPrefix)).filter((key) => key.includes(id))).toEqual([])
    // Finished and gone from staging, it is still all there to its owner's HEAD: a client that
    // lost the last response asks, and learns it is done.
    const done = await headUpload(targets[1]!, owner.cookie, id)
    expect(done.status).toBe(200)
    expect(done.headers.get('upload-offset')).toBe(String(bytes.length))
  }, 120_000)

  it('keeps strangers out on every server, and the hourly pass empties staging', async () => {
    const targets = [overHttp(await newServer()), overHttp(await newServer())]
    const bytes = await bigPng()
    const created = await createUpload(targets[0]!, owner.cookie, bytes.length, 'left.png')
    const id = created.headers.get('location')!.split('/').pop()!
    const first = await sendChunk(targets[1]!, owner.cookie, id, 0, bytes.subarray(0, chunkSize))
    expect(first.status).toBe(204)
    for (const target of targets) {
      expect((await headUpload(target, stranger.cookie, id)).status).toBe(404)
      const foreign = await sendChunk(target, stranger.cookie, id, chunkSize, bytes.subarray(0, 10))
      expect(foreign.status).toBe(404)
    }
    expect((await bucketKeys(stagingPrefix)).filter((key) => key.includes(id))).not.toEqual([])

    // An hour later the upload is stale: the pass removes its row, objects and multipart upload.
    const later = Date.now() + uploadLimits.unfinishedLifetimeMs + 1000
    await removeStaleUploads(context.uploads, context.media, context.staging, later)
    expect(await context.uploads.get(id)).toBeUndefined()
    expect(await bucketKeys(stagingPrefix)).toEqual([])
    expect((await headUpload(targets[0]!, owner.cookie, id)).status).toBe(404)
  }, 60_000)
})
