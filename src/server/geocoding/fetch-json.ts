// One GET to a geocoding service, with a time limit; any failure is GeocoderUnavailableError,
// with a message that names the service but never the URL (it carries the API key).
import { GeocoderUnavailableError } from './geocoder-unavailable-error.js'

export interface FetchOptions {
  /** Named in error messages: 'Google geocoding'. */
  service: string
  timeoutMs: number
  headers?: Record<string, string>
}

export async function fetchJson(url: URL, options: FetchOptions): Promise<unknown> {
  const { service, timeoutMs, headers } = options
  const signal = AbortSignal.timeout(timeoutMs)
  let response: Response
  try {
    response = await fetch(url, { headers: { Accept: 'application/json', ...headers }, signal })
  } catch (error) {
    throw new GeocoderUnavailableError(failure(options, error))
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new GeocoderUnavailableError(`${service} responded with HTTP ${response.status}`)
  }
  try {
    return await response.json()
  } catch (error) {
    if (signal.aborted) throw new GeocoderUnavailableError(failure(options, error))
    throw new GeocoderUnavailableError(`${service} returned something that is not JSON`)
  }
}

function failure({ service, timeoutMs }: FetchOptions, error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `${service} did not respond within ${timeoutMs} ms`
  }
  // Only the error code: undici's messages are safe today, but a cause could quote the URL.
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error
  const code = cause instanceof Error && 'code' in cause ? ` (${String(cause.code)})` : ''
  return `${service} could not be reached${code}`
}
