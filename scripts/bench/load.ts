// Drives one URL with autocannon for a while and keeps every response's latency.
import autocannon from 'autocannon'

/** Requests sent as `count` user agents in turn: `agent` with a number of its own. */
export interface UserAgents {
  agent: string
  count: number
}

/** How long a request may wait for its response before autocannon counts it as an error. */
export const loadTimeoutSeconds = 10

export interface LoadSlice {
  /** 2xx responses */
  ok: number
  non2xx: number
  errors: number
  elapsedMs: number
  latenciesMs: number[]
}

export function runLoad(options: {
  url: string
  headers: Record<string, string>
  seconds: number
  connections: number
  /** Append `&n=<a number of its own>` to every request's path (Target.uncached). */
  uncached?: boolean
  /** Send the requests as this many user agents in turn (Target.userAgents). */
  userAgents?: UserAgents
}): Promise<LoadSlice> {
  const { userAgents } = options
  const latenciesMs: number[] = []
  let ok = 0
  let non2xx = 0
  let sent = 0
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers,
        duration: options.seconds,
        connections: options.connections,
        timeout: loadTimeoutSeconds,
        ...((options.uncached || userAgents) && {
          requests: [
            {
              setupRequest: (request) => {
                sent += 1
                return {
                  ...request,
                  ...(options.uncached && { path: `${request.path}&n=${sent}` }),
                  ...(userAgents && {
                    headers: {
                      ...request.headers,
                      'user-agent': `${userAgents.agent} Visitor/${sent % userAgents.count}`,
                    },
                  }),
                }
              },
            },
          ],
        }),
      },
      (error, result) => {
        if (error) return reject(error)
        resolve({
          ok,
          non2xx,
          errors: result.errors,
          elapsedMs: performance.now() - started,
          latenciesMs,
        })
      },
    )
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 300) {
        ok += 1
        latenciesMs.push(responseTime)
      } else {
        non2xx += 1
      }
    })
  })
}
