// JSON responses compressed in one synchronous call. Hono's compress() pipes every response through a
// CompressionStream, which turns Hono's cheap string response into a web stream and cost more than
// the rest of a list request together; a few-KB page compresses in tens of microseconds at once.
import zlib from 'node:zlib'
import type { Context, TypedResponse } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { JSONParsed } from 'hono/utils/types'

/** Below this, compressing saves less than a packet. */
const minCompressedBytes = 1024

const brotliOptions = (size: number) => ({
  params: {
    // Quality 1: higher qualities save a few bytes of a listing page for several times the work
    // (docs/performance.md).
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
})

type Encoding = 'br' | 'gzip'

/** The encoding to respond in: brotli, else gzip, when the client accepts it (q > 0). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Set<string>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim())
    const q = params.find((param) => param.startsWith('q='))
    if (!q || Number(q.slice(2)) > 0) accepted.add(name)
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

/** A text (JSON, or a page's HTML), with its compressed forms made the first time each is asked for. */
export interface TextBody {
  text: string
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>
}

export function textBody(text: string): TextBody {
  return { text, encoded: {} }
}

export function jsonBody(value: unknown): TextBody {
  return textBody(JSON.stringify(value))
}

function encode(body: TextBody, encoding: Encoding): Uint8Array<ArrayBuffer> {
  const bytes =
    encoding === 'br'
      ? zlib.brotliCompressSync(body.text, brotliOptions(body.text.length))
      : zlib.gzipSync(body.text)
  // Copied out: zlib returns a view of its 16 KB output chunk, which the response cache would hold whole.
  return new Uint8Array(bytes)
}

/** The headers of every JSON response (with Content-Encoding when it is compressed). */
/** The headers of a response for the signed-in person alone, which no cache may keep. */
export const privateResponse = { 'Cache-Control': 'private, no-store' } as const

export const jsonHeaders: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json',
  Vary: 'Accept-Encoding',
}

/** The bytes to send of `body` to a client that sent `acceptEncoding`, compressed when it pays. */
export function bodyBytes(
  body: TextBody,
  acceptEncoding: string | undefined,
): { bytes: string | Uint8Array<ArrayBuffer>; encoding?: Encoding } {
  const encoding =
    body.text.length >= minCompressedBytes ? chooseEncoding(acceptEncoding) : undefined
  if (!encoding) return { bytes: body.text }
  return { bytes: (body.encoded[encoding] ??= encode(body, encoding)), encoding }
}

/** Sends a JSON body made earlier (typed as `T` for Hono's client), compressed when it pays. */
export function sendJsonBody<T, Status extends ContentfulStatusCode = 200>(
  c: Context,
  body: TextBody,
  status: Status = 200 as Status,
): Response & TypedResponse<JSONParsed<T>, Status, 'json'> {
  const { bytes, encoding } = bodyBytes(body, c.req.header('Accept-Encoding'))
  if (!encoding) return c.body(bytes, status, jsonHeaders) as never
  return c.body(bytes, status, { ...jsonHeaders, 'Content-Encoding': encoding }) as never
}

/** As `c.json(value, status)`, typed the same for Hono's client, compressed when it pays. */
export function jsonResponse<T, Status extends ContentfulStatusCode = 200>(
  c: Context,
  value: T,
  status: Status = 200 as Status,
) {
  return sendJsonBody<T, Status>(c, jsonBody(value), status)
}
