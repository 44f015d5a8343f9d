// What a failed write says to the user: kept out of http.ts, which every page's first load brings.
import { ApiError } from './http'

/** The server's reason for a failed write, else a sentence of our own (no response came). */
export const errorReason = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0
    ? (Object.values(error.fields)[0] ?? error.message)
    : fallback
