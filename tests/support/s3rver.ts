// A real S3 API for tests: s3rver on a free port, with one bucket in a temp folder.
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

// s3rver ships no types; this is the part of its API the tests use.
interface S3rverInstance {
  run(): Promise<AddressInfo>
  close(): Promise<void>
}
type S3rverOptions = {
  address: string
  port: number
  silent: boolean
  directory: string
  configureBuckets: { name: string }[]
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (
  options: S3rverOptions,
) => S3rverInstance

export interface LocalS3 {
  endpoint: string
  bucket: string
  /** s3rver's built-in account; it checks the access key id of every request. */
  accessKeyId: string
  secretAccessKey: string
  /** The same settings as STORAGE=s3 environment variables. */
  env: Record<string, string>
  close(): Promise<void>
}

export async function startS3rver(bucket = 'house-media'): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close()
      await fs.rm(directory, { recursive: true, force: true })
    },
  }
}
