// zod validation for routes, answering bad input with our one error shape: { error, fields }.
import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { ZodType } from 'zod'

export interface ErrorBody {
  error: string
  fields?: Record<string, string>
}

export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
  message = 'Invalid request',
) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return
    const fields: Record<string, string> = {}
    for (const issue of result.error.issues) {
      const name = issue.path.join('.') || target
      fields[name] ??= issue.message
    }
    return c.json({ error: message, fields } satisfies ErrorBody, 400)
  })
}
