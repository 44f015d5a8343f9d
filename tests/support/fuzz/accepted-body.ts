// What a route that reads its body with parseJsonBody (src/server/http/validate.ts) must accept:
// a fuzz test compares each response with it.
import type { z, ZodType } from 'zod'

/** The body parsed by `schema`, or undefined when the route must reject it. */
export function acceptedBody<Schema extends ZodType>(
  schema: Schema,
  text: string,
  type: string,
): z.output<Schema> | undefined {
  if (!/^application\/json\b/i.test(type)) return undefined
  if (Buffer.byteLength(text) > 64 * 1024) return undefined
  let json: unknown
  try {
    // Request.json() decodes as the Fetch standard says, dropping a byte order mark.
    json = JSON.parse(text.replace(/^\ufeff/, ''))
  } catch {
    return undefined
  }
  const parsed = schema.safeParse(json)
  return parsed.success ? parsed.data : undefined
}
