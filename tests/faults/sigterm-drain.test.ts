// SIGTERM: the server stops taking connections at once, lets the
// requests in flight finish with their responses, closes kept-alive sockets, and exits 0; a request
// that never finishes is cut off at the deadline and the exit code says so.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  serverEnv,
  startServer,
  withAppContext,
  type ServerProcess,
} from '../support/server-process'
import { signUpAndIn, type SignedInUser } from '../support/sign-in'
import { tusMetadata } from '../support/tus'

/** A PNG of random pixels: about 190 KB that do not compress, sent as one tus chunk. */
async function noisePng(): Promise<Buffer> {
  const width = 256
  const pixels = Buffer.alloc(width * width * 3)
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919 + (i >> 7) * 104729) % 251
  return sharp(pixels, { raw: { width, height: width, channels: 3 } })
    .png()
    .toBuffer()
}

/** Resolves once `check` holds, asking again every 20 ms; fails after `timeoutMs`. */
async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

interface ReceivedResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

describe('SIGTERM', () => {
  let dataDir: string
  let server: ServerProcess
  let user: SignedInUser
  let agent: http.Agent

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-sigterm-'))
    const env = serverEnv(dataDir)
    user = await withAppContext(env, (context) => signUpAndIn(context, { name: 'Drain Person' }))
    server = await startServer(env)
    // Kept-alive sockets, as a browser or a proxy holds them.
    agent = new http.Agent({ keepAlive: true })
  }, 60_000)

  afterEach(async () => {
    agent.destroy()
    await server.stop('SIGKILL')
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  function send(method: string, url: string, headers: Record<string, string>, body?: Buffer) {
    return new Promise<ReceivedResponse>((resolve, reject) => {
      const request = http.request(server.url + url, { method, headers, agent }, (response) => {
        let text = ''
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: text }),
        )
      })
      request.on('error', reject)
      request.end(body)
    })
  }

  /** A tus upload whose one chunk is sent in two halves; the second waits for `release`. */
  async function startSlowUpload(image: Buffer) {
    const tus = { 'Tus-Resumable': '1.0.0', Cookie: user.cookie }
    const created = await send('POST', '/api/uploads', {
      ...tus,
      'Upload-Length': String(image.length),
      'Upload-Metadata': tusMetadata({ filename: 'slow.png' }),
    })
    expect(created.status, created.body).toBe(201)
    const id = String(created.headers.location).split('/').pop()!
    let received: ReceivedResponse | undefined
    let failed: Error | undefined
    const request = http.request(server.url + `/api/uploads/${id}`, {
      method: 'PATCH',
      agent,
      headers: {
        ...tus,
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(image.length),
      },
    })
    request.on('response', (response) => {
      let text = ''
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      response.on('end', () => {
        received = { status: response.statusCode!, headers: response.headers, body: text }
      })
    })
    request.on('error', (error) => (failed = error))
    const half = Math.floor(image.length / 2)
    request.write(image.subarray(0, half))
    // The server is inside the request once tus has written the first half to its staging file.
    const staged = path.join(dataDir, 'uploads', id)
    await waitFor(
      () => fs.existsSync(staged) && fs.statSync(staged).size >= half,
      'the first half of the chunk to reach the staging file',
    )
    return {
      id,
      finish: () => request.end(image.subarray(half)),
      received: () => received,
      failed: () => failed,
    }
  }

  it('finishes a request in flight with its response, rejects new connections, and exits 0', async () => {
    // One socket left idle in the pool, kept alive: it must not hold the shutdown open.
    expect((await send('GET', '/healthz', {})).status).toBe(200)
    const upload = await startSlowUpload(await noisePng())

    expect(server.child.kill('SIGTERM')).toBe(true)
    await waitFor(() => server.stdout().includes('SIGTERM: finishing'), 'the shutdown to begin')
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()

    upload.finish()
    await waitFor(
      () => upload.received() !== undefined || upload.failed() !== undefined,
      'the response',
    )
    expect(upload.failed()).toBeUndefined()
    expect(upload.received()!.status, upload.received()!.body).toBe(204)
    const respondedAt = Date.now()
    // Node's keep-alive timeout is 5 s: an exit well before it means the sockets were closed.
    expect(await server.exited).toEqual({ code: 0, signal: null })
    expect(Date.now() - respondedAt).toBeLessThan(3000)

    // The upload was processed before the response, so it is ready for a listing.
    const stored = await withAppContext(serverEnv(dataDir), (context) =>
      context.uploads.get(upload.id),
    )
    expect(stored?.status).toBe('ready')
  }, 60_000)

  it('cuts off a request that never finishes at the 10 s deadline and exits 1', async () => {
    const upload = await startSlowUpload(await noisePng())
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    expect(await server.exited).toEqual({ code: 1, signal: null })
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(10_000)
    expect(server.stderr()).toContain('were cut off')
    await waitFor(() => upload.failed() !== undefined, 'the cut-off connection to fail')
  }, 60_000)
})
