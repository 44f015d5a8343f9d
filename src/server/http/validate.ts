// zod validation for routes, responding to bad input with our one error shape: { error, fields }.
import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z, ZodType } from 'zod'
import type { ErrorBody } from '../../shared/error-body.js'

export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
  message = 'Invalid request',
) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return
    return c.json(
      { error: message, fields: issuesToFields(result.error.issues, target) } satisfies ErrorBody,
      400,
    )
  })
}

/**
 * Parses a JSON body with `schema` inside a handler, for routes whose checks must run first
 * (the API contract: 401 → 404 → 403 → 400). Returns the data, or the 400 body to send.
 */
export async function parseJsonBody<Schema extends ZodType>(
  request: Request,
  schema: Schema,
  message = 'Invalid request',
): Promise<{ data: z.output<Schema> } | { error: ErrorBody; status: 400 | 415 }> {
  // Only JSON: a cross-site <form> can post text/plain without asking, never application/json.
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    return {
      error: { error: 'The body must be JSON (Content-Type: application/json)' },
      status: 415,
    }
  }
  let json: unknown
  try {
    json = await request.json()
  } catch {
    return { error: { error: 'The body must be JSON' }, status: 400 }
  }
  const result = schema.safeParse(json)
  if (result.success) return { data: result.data }
  return {
    error: { error: message, fields: issuesToFields(result.error.issues, 'body') },
    status: 400,
  }
}

/** Parses a query with `schema` inside a handler, for routes whose checks must run first. */
export function parseQuery<Schema extends ZodType>(
  query: Record<string, string>,
  schema: Schema,
  message = 'Invalid request',
): { data: z.output<Schema> } | { error: ErrorBody } {
  const result = schema.safeParse(query)
  if (result.success) return { data: result.data }
  return { error: { error: message, fields: issuesToFields(result.error.issues, 'query') } }
}

function issuesToFields(issues: readonly z.core.$ZodIssue[], fallback: string) {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const name = issue.path.join('.') || fallback
    fields[name] ??= issue.message
  }
  return fields
}
