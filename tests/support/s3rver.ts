// A real S3 API for tests: s3rver on a free port, with one bucket in a temp folder.
import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

// s3rver ships no types; this is the part of its API the tests use.
interface S3rverInstance {
  run(): Promise<AddressInfo>
  close(): Promise<void>
  /** Koa's middleware, composed when the server starts: the router last. */
  middleware: KoaMiddleware[]
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string }
}
interface KoaContext {
  method: string
  path: string
  query: Record<string, string | undefined>
  status: number
  body: unknown
}
type KoaMiddleware = (context: KoaContext, next: () => Promise<void>) => Promise<void>
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
  // Just before the router: s3rver answers these with 405 or 501.
  server.middleware.splice(server.middleware.length - 1, 0, multipartCalls(server))
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

/**
 * The multipart calls s3rver 3 lacks and tus' S3 store makes: ListParts and AbortMultipartUpload,
 * on s3rver's own folder of an upload's parts (`{number}` and `{number}.md5`). Path style only.
 */
function multipartCalls(server: S3rverInstance): KoaMiddleware {
  return async (context, next) => {
    const uploadId = context.query.uploadId
    const [, bucket, ...key] = context.path.split('/')
    if (!uploadId || !bucket || key.length === 0) return next()
    if (context.method !== 'GET' && context.method !== 'DELETE') return next()
    // s3rver names upload ids in hex; anything else could leave its folder.
    const folder = /^[0-9a-f]+$/.test(uploadId)
      ? path.join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId)
      : ''
    if (!folder || !fsSync.existsSync(folder)) {
      context.status = 404
      context.body = {
        Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.' },
      }
      return
    }
    if (context.method === 'DELETE') {
      await fs.rm(folder, { recursive: true, force: true })
      context.status = 204
      context.body = ''
      return
    }
    const numbers = (await fs.readdir(folder))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const file = path.join(folder, String(number))
        const [stat, md5] = await Promise.all([fs.stat(file), fs.readFile(`${file}.md5`, 'utf8')])
        return {
          PartNumber: number,
          LastModified: stat.mtime.toISOString(),
          ETag: `"${md5}"`,
          Size: stat.size,
        }
      }),
    )
    context.body = {
      ListPartsResult: {
        Bucket: bucket,
        Key: decodeURIComponent(key.join('/')),
        UploadId: uploadId,
        IsTruncated: false,
        ...(parts.length > 0 ? { Part: parts } : {}),
      },
    }
  }
}
