// TRUST_PROXY through real sockets: the per-address sign-in limit follows the client a trusted
// proxy names, and a header from anyone else changes nothing.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createUser, dialects, type TestApp } from '../../../tests/support/test-app'
import { appRequestListener } from '../app'

interface Listening {
  t: TestApp
  url: string
  close(): Promise<void>
}

/** The app on a port of 127.0.0.1, so that its requests come from a socket. */
async function listen(
  dialect: TestApp['dialect'],
  env: Record<string, string>,
): Promise<Listening> {
  const t = await createTestApp(dialect, env)
  const server = http.createServer(appRequestListener(t.context, t.app))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    t,
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await t.close()
    },
  }
}

let emails = 0

/** A wrong password for an address of its own, so that only the per-address limit can refuse. */
async function wrongSignIn(server: Listening, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', ...headers },
    body: JSON.stringify({ email: `guess-${++emails}@example.com`, password: 'a wrong guess' }),
  })
  await response.arrayBuffer()
  return response.status
}

/** The statuses of five wrong sign-ins said to come from `first`, then one from `second`. */
async function fiveThenAnother(server: Listening, name: string, first: string, second: string) {
  const statuses: number[] = []
  for (let i = 0; i < 5; i++) statuses.push(await wrongSignIn(server, { [name]: first }))
  statuses.push(await wrongSignIn(server, { [name]: second }))
  return statuses
}

describe.each(dialects)('the client address behind proxies on %s', (dialect) => {
  const servers: Listening[] = []
  const start = async (env: Record<string, string>) => {
    const server = await listen(dialect, env)
    servers.push(server)
    return server
  }
  let behindProxy: Listening
  let direct: Listening
  let untrustedPeer: Listening

  beforeAll(async () => {
    behindProxy = await start({ TRUST_PROXY: '1' })
    direct = await start({})
    // The peer (127.0.0.1) is not the proxy TRUST_PROXY names.
    untrustedPeer = await start({ TRUST_PROXY: '10.0.0.0/8' })
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
  })

  it('gives each client a trusted proxy names its own sign-in limit', async () => {
    expect(
      await fiveThenAnother(behindProxy, 'X-Forwarded-For', '203.0.113.1', '203.0.113.2'),
    ).toEqual([401, 401, 401, 401, 401, 401])
    // The first client is over its limit: the header is what counts.
    expect(await wrongSignIn(behindProxy, { 'X-Forwarded-For': '203.0.113.1' })).toBe(429)
    expect(
      await fiveThenAnother(behindProxy, 'Forwarded', 'for="[2001:db8::1]:4711"', 'for=192.0.2.9'),
    ).toEqual([401, 401, 401, 401, 401, 401])
  })

  it('keeps what a client wrote before the proxy out of the key', async () => {
    // A client that sends its own header each time; the proxy appends the real address.
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push(
        await wrongSignIn(behindProxy, { 'X-Forwarded-For': `198.51.100.${i}, 203.0.113.50` }),
      )
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  })

  it('shares one limit among every header without TRUST_PROXY', async () => {
    expect(await fiveThenAnother(direct, 'X-Forwarded-For', '203.0.113.1', '203.0.113.2')).toEqual([
      401, 401, 401, 401, 401, 429,
    ])
  })

  it('does not let a peer outside TRUST_PROXY escape the limit with a forged header', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const [name, value] =
        i % 2 ? ['X-Forwarded-For', `203.0.113.${i}`] : ['Forwarded', `for=192.0.2.${i}`]
      statuses.push(await wrongSignIn(untrustedPeer, { [name]: value }))
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  })

  it("records the client's address in the session it signs in", async () => {
    const user = await createUser(behindProxy.t.context, { password: 'the right password' })
    const response = await fetch(`${behindProxy.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'http://localhost:3000',
        'X-Forwarded-For': '203.0.113.77',
      },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    expect(response.status).toBe(200)
    const sessions = await behindProxy.t.context.db.kysely
      .selectFrom('session' as never)
      .select(['ipAddress' as never])
      .where('userId' as never, '=', user.id as never)
      .execute()
    expect(sessions.map((row) => (row as { ipAddress: string }).ipAddress)).toContain(
      '203.0.113.77',
    )
  })
})
