// A real S3 API for tests: s3rver on a free port, with one bucket in a temp folder.
import crypto from 'node:crypto'
import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

// s3rver ships no types; this is the part of its API the tests use.
interface S3rverInstance {
  run(): Promise<AddressInfo>
  close(): Promise<void>
  /** Koa's middleware, composed when the server starts: the router last. */
  middleware: KoaMiddleware[]
  store: S3rverStore
}
interface S3rverObject {
  bucket: string
  key: string
  /** The request itself for a PUT; a Buffer or a stream of the parts otherwise. */
  content: Readable | Buffer
  metadata: Record<string, string>
}
interface StoredBody {
  size: number
  md5: string
}
interface S3rverStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string
  putMetadata(
    bucket: string,
    key: string,
    metadata: Record<string, string>,
    md5: string,
  ): Promise<void>
  putObject(object: S3rverObject): Promise<StoredBody>
  putPart(
    bucket: string,
    uploadId: string,
    partNumber: string,
    content: Readable,
  ): Promise<StoredBody>
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
  // s3rver takes every folder in its own as a bucket: bodies on their way wait beside it.
  const [buckets, incoming] = [path.join(directory, 'buckets'), path.join(directory, 'incoming')]
  await Promise.all([fs.mkdir(buckets), fs.mkdir(incoming)])
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: buckets,
    configureBuckets: [{ name: bucket }],
  })
  wholeBodiesOnly(server.store, incoming)
  // Just before the router: s3rver responds to these with 405 or 501.
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
 * s3rver streams a body straight into the object's (or part's) file and writes its md5 after, so a
 * PUT cut short (its sender killed) left a truncated object in place of the old one, or a part with
 * no md5 that ListParts failed on (500). S3 keeps nothing of it: here a body goes to a file of its
 * own and takes its place by a rename only once it all arrived.
 */
function wholeBodiesOnly(store: S3rverStore, incoming: string) {
  const receive = async (content: S3rverObject['content'], file: string): Promise<StoredBody> => {
    const md5 = crypto.createHash('md5')
    let size = 0
    try {
      await pipeline(
        Buffer.isBuffer(content) ? Readable.from([content]) : content,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            md5.update(chunk)
            size += chunk.length
            yield chunk
          }
        },
        fsSync.createWriteStream(file),
      )
    } catch (error) {
      await fs.rm(file, { force: true })
      throw error
    }
    return { size, md5: md5.digest('hex') }
  }
  const incomingFile = () => path.join(incoming, crypto.randomUUID())

  store.putObject = async (object) => {
    const file = incomingFile()
    const stored = await receive(object.content, file)
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object')
    await fs.mkdir(path.dirname(objectPath), { recursive: true })
    // The md5 and metadata first: a new key never shows without them.
    await store.putMetadata(object.bucket, object.key, object.metadata, stored.md5)
    await fs.rename(file, objectPath)
    return stored
  }
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const file = incomingFile()
    const stored = await receive(content, file)
    const partPath = path.join(
      store.getResourcePath(bucket, undefined, 'uploads'),
      uploadId,
      partNumber,
    )
    await fs.mkdir(path.dirname(partPath), { recursive: true })
    await fs.writeFile(`${partPath}.md5`, stored.md5)
    await fs.rename(file, partPath)
    return stored
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
