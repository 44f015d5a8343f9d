import { describe, expect, it } from 'vitest'
import type { ApiError } from '../../../api/http'
import { readJson } from '../../../api/http'
import { isRateLimited, tooManyAttempts } from './account-failures'

/** The error readJson makes of a 429 with these headers. */
async function rateLimitedError(headers: Record<string, string>): Promise<ApiError> {
  const body = JSON.stringify({ error: 'Too many attempts for this account: try again later' })
  const error = await readJson(Promise.resolve(new Response(body, { status: 429, headers }))).catch(
    (caught: unknown) => caught,
  )
  if (!(error instanceof Error) || !isRateLimited(error)) throw new Error('no 429 ApiError')
  return error
}

describe('tooManyAttempts', () => {
  it('says the wait the server asked for, in whole minutes', async () => {
    expect(tooManyAttempts(await rateLimitedError({ 'Retry-After': '240' }))).toBe(
      'Too many attempts: try again in 4 minutes',
    )
    expect(tooManyAttempts(await rateLimitedError({ 'Retry-After': '61' }))).toBe(
      'Too many attempts: try again in 2 minutes',
    )
  })

  it("says a minute for a wait of a minute or less, Better Auth's X-Retry-After, or none", async () => {
    for (const headers of [{ 'Retry-After': '15' }, { 'X-Retry-After': '42' }, {}] as Record<
      string,
      string
    >[]) {
      expect(tooManyAttempts(await rateLimitedError(headers))).toBe(
        'Too many attempts: try again in a minute',
      )
    }
  })
})
