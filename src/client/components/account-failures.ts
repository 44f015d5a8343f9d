// What the account forms say when the server refused for a reason other than what was typed.
import { ApiError } from '../api/http'

/** Sign-in and sign-up both allow 5 attempts a minute from one address. */
export const tooManyAttempts = 'Too many attempts: try again in a minute'

export const isRateLimited = (error: Error) => error instanceof ApiError && error.status === 429
