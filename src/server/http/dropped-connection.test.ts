// A client that goes away in the middle of its request body (a closed tab, a lost phone signal,
// a broken chunked encoding) is the client's doing: at most one log line, never 'the database is
// unavailable', never a stack trace. Real sockets against a real listening server.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  serverEnv,
  serverLines,
  startServer,
  withAppContext,
  type ServerProcess,
} from '../../../tests/support/server-process'
import { signUpAndIn } from '../../../tests/support/sign-in'
import { createPostgresDatabase, dialects } from '../../../tests/support/test-app'

/** Sends the head and the first bytes of a chunked body, then `ending` happens to the socket. */
function sendPartOfABody(
  url: string,
  request: { method: string; path: string; cookie?: string },
  ending: 'destroyed' | 'broken chunk',
): Promise<void> {
  const { port, host } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), host.split(':')[0], () => {
      socket.write(
        [
          `${request.method} ${request.path} HTTP/1.1`,
          `Host: ${host}`,
          `Origin: ${url}`,
          'Content-Type: application/json',
          'Transfer-Encoding: chunked',
          ...(request.cookie ? [`Cookie: ${request.cookie}`] : []),
          '',
          '',
        ].join('\r\n'),
      )
      socket.write('20\r\n{"email":"someone@example.com",')
      // Long enough for the server to have started reading the body.
      setTimeout(() => {
        if (ending === 'destroyed') socket.destroy()
        else socket.end('\r\nzz\r\nnot a chunk\r\n')
      }, 150)
    })
    socket.on('error', () => undefined)
    socket.on('data', () => undefined)
    socket.on('close', () => resolve())
  })
}

describe.each(dialects)('a client that goes away mid-body, on %s', (dialect) => {
  let dataDir: string
  let database: { url: string; drop(): Promise<void> } | undefined
  let server: ServerProcess
  let cookie: string

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dropped-'))
    if (dialect === 'postgres') database = await createPostgresDatabase()
    const env = serverEnv(dataDir, database?.url)
    cookie = (
      await withAppContext(env, (context) => signUpAndIn(context, { name: 'Dropped Person' }))
    ).cookie
    server = await startServer(env)
  }, 60_000)

  afterAll(async () => {
    await server?.stop('SIGTERM')
    await database?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const requests = () => [
    { method: 'POST', path: '/api/listings', cookie },
    { method: 'PUT', path: '/api/listings/NoSuchListing000000', cookie },
    { method: 'PATCH', path: '/api/users/me', cookie },
    { method: 'POST', path: '/api/auth/sign-in/email' },
    { method: 'POST', path: '/api/auth/sign-up/email' },
    { method: 'POST', path: '/api/uploads', cookie },
    { method: 'POST', path: '/api/saved-searches', cookie },
  ]

  it.each(['destroyed', 'broken chunk'] as const)(
    'logs a body cut off (%s) as the client having gone, in one line at most, never as an outage',
    async (ending) => {
      const before = { stdout: server.stdout().length, stderr: server.stderr().length }
      for (const request of requests()) await sendPartOfABody(server.url, request, ending)
      // The server notices a closed socket on its next read: give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 500))
      const logged = [
        ...serverLines(server.stdout().slice(before.stdout)),
        ...serverLines(server.stderr().slice(before.stderr)),
      ]
      expect(logged.join('\n')).not.toMatch(/database is unavailable/)
      expect(logged.join('\n')).not.toMatch(/^\s+at /m)
      expect(logged.length).toBeLessThanOrEqual(requests().length)
      for (const line of logged) expect(line).toMatch(/the client went away/)
      // And the server goes on responding.
      const health = await fetch(`${server.url}/healthz`)
      expect(health.status).toBe(200)
    },
  )
})
