// Kept listing answers given straight from Node's request, before Hono (decision 010). Most traffic
// asks the same few pages; once one is kept and still current, making a web Request, a Context and
// a Response around it, routing it and running the middleware cost three times what the answer
// itself does. Everything else, and every answer not kept, goes on to Hono as before.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { bodyBytes, jsonHeaders } from '../http/json-answer.js'
import type { AnswerCache } from './answer-cache.js'

/** The requests the listing routes keep answers for (listings.routes.ts). */
const keptPrefix = '/api/listings'

export function keptAnswersFirst(
  options: {
    answers: AnswerCache
    /** What every answer carries besides its own headers (the security headers). */
    headers: [string, string][]
  },
  next: RequestListener,
): RequestListener {
  const { answers } = options
  const common = [...options.headers, ...Object.entries(jsonHeaders)].flat()

  function answer(request: IncomingMessage, response: ServerResponse, target: string) {
    answers.current(target).then(
      (body) => {
        if (!body) return next(request, response)
        const { bytes, encoding } = bodyBytes(body, request.headers['accept-encoding'])
        response.writeHead(200, [
          ...common,
          ...(encoding ? ['Content-Encoding', encoding] : []),
          'Content-Length',
          String(Buffer.byteLength(bytes)),
        ])
        response.end(bytes)
      },
      // The version could not be read (the database is away): Hono answers as it always does.
      () => next(request, response),
    )
  }

  return (request, response) => {
    const target = request.url
    // Only what Hono would answer the same: a GET with a Host, to a path that is kept.
    if (
      request.method === 'GET' &&
      target?.startsWith(keptPrefix) &&
      request.headers.host &&
      answers.has(target)
    ) {
      answer(request, response, target)
    } else {
      next(request, response)
    }
  }
}
