// What the viewing times say when a write fails: the server's own words where it gave them.
import { ApiError } from '../../../api/http'

export function viewingFailure(error: Error, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  if (error.status === 0) return 'Could not reach the server: check your connection and try again'
  if (error.status === 401) return 'Your session has ended: sign in again'
  return error.message
}
