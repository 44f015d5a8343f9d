// The local S3 must keep nothing of a PUT cut short, as S3 does: a server killed mid-chunk in the
// cluster soak left s3rver with a truncated object or an unlisted part it returned 500 for.
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3rver, type LocalS3 } from './s3rver'

let s3: LocalS3
const url = (keyAndQuery: string) => `${s3.endpoint}/${s3.bucket}/${keyAndQuery}`

beforeAll(async () => {
  s3 = await startS3rver()
})
afterAll(async () => {
  await s3?.close()
})

/** A PUT that declares `length` bytes and dies, like its sender, after sending half of them. */
function cutPut(keyAndQuery: string, length: number): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(url(keyAndQuery), {
      method: 'PUT',
      headers: { 'content-length': length },
    })
    request.on('error', () => undefined)
    request.on('close', () => resolve())
    request.write(Buffer.alloc(length / 2, 'c'), () => request.destroy())
  })
}

/**
 * s3rver sees a closed socket only on its next read, and nothing tells when it did: instead of a
 * guessed sleep, `check` must hold on every look for half a second after the cut.
 */
async function holdsAfterTheCut(check: () => Promise<void>) {
  const until = Date.now() + 500
  do {
    await check()
    await new Promise((resolve) => setTimeout(resolve, 50))
  } while (Date.now() < until)
}

describe('a PUT cut short on the local S3', () => {
  it('leaves no object under a new key', async () => {
    await cutPut('new-key', 2000)
    await holdsAfterTheCut(async () => {
      const head = await fetch(url('new-key'), { method: 'HEAD' })
      expect(head.status).toBe(404)
    })
  })

  it('leaves the object it was replacing whole', async () => {
    const old = 'o'.repeat(2000)
    const put = await fetch(url('old-key'), { method: 'PUT', body: old })
    expect(put.status).toBe(200)
    const etag = put.headers.get('etag')

    await cutPut('old-key', 2000)
    await holdsAfterTheCut(async () => {
      const head = await fetch(url('old-key'), { method: 'HEAD' })
      expect(head.headers.get('content-length')).toBe('2000')
      const get = await fetch(url('old-key'))
      expect(get.status).toBe(200)
      expect(get.headers.get('etag')).toBe(etag)
      expect(await get.text()).toBe(old)
    })
  })

  it('leaves no part of a multipart upload, and lists the parts before it', async () => {
    const started = await fetch(url('multipart-key?uploads'), { method: 'POST' })
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await started.text())?.[1]
    const part = await fetch(url(`multipart-key?partNumber=1&uploadId=${uploadId}`), {
      method: 'PUT',
      body: 'p'.repeat(2000),
    })
    expect(part.status).toBe(200)

    await cutPut(`multipart-key?partNumber=2&uploadId=${uploadId}`, 2000)
    await holdsAfterTheCut(async () => {
      const parts = await fetch(url(`multipart-key?uploadId=${uploadId}`))
      expect(parts.status).toBe(200)
      const numbers = [...(await parts.text()).matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)]
      expect(numbers.map((match) => match[1])).toEqual(['1'])
    })
  })
})
