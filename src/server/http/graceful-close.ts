// Stops the HTTP server without cutting anyone off: no new connections, the requests in flight
// finish and their kept-alive sockets close as they do, and a deadline for whatever does not.
import type { Server } from 'node:http'

export interface GracefulClose {
  /** Resolves true when every request finished in time, false when the deadline cut some off. */
  close(deadlineMs: number): Promise<boolean>
}

export function gracefulClose(server: Server): GracefulClose {
  let closing = false
  // First in line, so the header is set before any handler can send its response.
  server.prependListener('request', (_request, response) => {
    // A request that arrives on a kept-alive socket while we close: respond to it, then hang up.
    if (closing && !response.headersSent) response.setHeader('Connection', 'close')
    // server.close() only closes the sockets idle at that moment; one that finishes its request
    // afterwards would otherwise stay open until the keep-alive timeout.
    response.once('finish', () => {
      if (closing) server.closeIdleConnections()
    })
  })

  return {
    close(deadlineMs) {
      closing = true
      return new Promise((resolve) => {
        const deadline = setTimeout(() => {
          server.closeAllConnections()
          resolve(false)
        }, deadlineMs)
        server.close(() => {
          clearTimeout(deadline)
          resolve(true)
        })
        server.closeIdleConnections()
      })
    },
  }
}
