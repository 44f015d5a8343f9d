// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    /** seconds without a response before a request counts as a timeout */
    timeout?: number
    /** requests made in turn on each connection; setupRequest may change each one before it goes */
    requests?: { setupRequest?: (request: RawRequest) => RawRequest }[]
  }

  export interface RawRequest {
    method: string
    path: string
    headers: Record<string, string>
  }

  export interface Result {
    requests: { total: number }
    errors: number
    timeouts: number
    non2xx: number
    duration: number
  }

  export interface Instance extends EventEmitter {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): this
    stop(): void
  }

  export default function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): Instance
}
