// What the account forms say when the server rejected them for a reason other than what was typed.
import { ApiError } from '../../../api/http'

/**
 * The wait a limit asked for, in whole minutes: sign-in and sign-up allow 5 attempts a minute
 * from one address, and an account that many guesses aimed at waits up to 5 minutes.
 */
export function tooManyAttempts(error: ApiError): string {
  const minutes = Math.ceil((error.retryAfterSeconds ?? 60) / 60)
  return minutes <= 1
    ? 'Too many attempts: try again in a minute'
    : `Too many attempts: try again in ${minutes} minutes`
}

export const isRateLimited = (error: Error): error is ApiError =>
  error instanceof ApiError && error.status === 429
