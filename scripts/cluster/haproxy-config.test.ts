import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { readTrustProxy } from '../../src/server/config'
import { clientAddressChooser } from '../../src/server/http/client-address'
import { freePort, spawnChild, stopChild } from '../../tests/support/child-processes'
import { untilTrue } from '../../tests/support/until-true'
import { haproxyBinary, haproxyConfig, haproxySourceAddress } from './haproxy-config'

const options = {
  port: 8080,
  servers: [
    { name: 'app1', port: 4001 },
    { name: 'app2', port: 4002 },
  ],
}

describe('haproxyConfig', () => {
  const config = haproxyConfig(options)

  it('balances round-robin over every server, each checked on /healthz', () => {
    expect(config).toContain('bind 127.0.0.1:8080')
    expect(config).toContain('balance roundrobin')
    expect(config).toContain('http-check send meth GET uri /healthz ver HTTP/1.1')
    expect(config).toMatch(/^ {2}server app1 127\.0\.0\.1:4001 check$/m)
    expect(config).toMatch(/^ {2}server app2 127\.0\.0\.1:4002 check$/m)
  })

  it('passes the client address on and sends a request on a refused connection to another server', () => {
    expect(config).toContain('option forwardfor')
    expect(config).toContain('option redispatch')
  })

  it('connects to the servers from an address of its own, the one they trust', () => {
    expect(config).toContain(`source ${haproxySourceAddress}`)
  })

  it.skipIf(!haproxyBinary())('is a configuration HAProxy accepts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-config-'))
    try {
      const file = path.join(dir, 'haproxy.cfg')
      fs.writeFileSync(file, config)
      const { stdout } = await promisify(execFile)(haproxyBinary()!, ['-c', '-f', file])
      expect(stdout).toContain('Configuration file is valid')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('haproxyBinary', () => {
  it('finds none in folders without it', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-haproxy-'))
    try {
      expect(haproxyBinary([empty])).toBeUndefined()
    } finally {
      fs.rmSync(empty, { recursive: true, force: true })
    }
  })
})

// `npm run cluster` trusts HAProxy alone: a client on this machine (they all connect from
// 127.0.0.1) that writes its own X-Forwarded-For, through HAProxy or to a server's own port, is
// still known by its own address.
describe.skipIf(!haproxyBinary())('HAProxy in front of a server that trusts it', () => {
  it("gives the client's address, not one it forged", async () => {
    const seen: { peer: string; headers: Headers }[] = []
    const server = http.createServer((request, response) => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value)
      }
      if (request.url !== '/healthz') seen.push({ peer: request.socket.remoteAddress!, headers })
      response.end('ok')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-trust-'))
    const port = await freePort()
    const file = path.join(dir, 'haproxy.cfg')
    const backend = { name: 'app1', port: (server.address() as AddressInfo).port }
    fs.writeFileSync(file, haproxyConfig({ port, servers: [backend] }))
    const haproxy = spawnChild(haproxyBinary()!, ['-db', '-f', file], { stdio: 'ignore' })
    try {
      const ask = () =>
        fetch(`http://127.0.0.1:${port}/api/listings`, {
          headers: { 'X-Forwarded-For': '203.0.113.9' },
        }).then(
          (response) => response.ok,
          () => false,
        )
      await untilTrue(ask, 10_000)
      const throughHaproxy = seen.at(-1)!
      expect(throughHaproxy.peer).toBe(haproxySourceAddress)
      expect(throughHaproxy.headers.get('x-forwarded-for')).toBe('203.0.113.9, 127.0.0.1')
      // The same forged header sent to the server's own port, past HAProxy.
      await fetch(`http://127.0.0.1:${backend.port}/api/listings`, {
        headers: { 'X-Forwarded-For': '203.0.113.9' },
      })
      const direct = seen.at(-1)!
      expect(direct.peer).toBe('127.0.0.1')

      const clientOf = (trust: string, { peer, headers }: (typeof seen)[number]) =>
        clientAddressChooser(readTrustProxy(trust))(peer, headers)
      expect(clientOf(haproxySourceAddress, throughHaproxy)).toBe('127.0.0.1')
      expect(clientOf(haproxySourceAddress, direct)).toBe('127.0.0.1')
      // What the cluster trusted before, one hop from anywhere, took the forged address.
      expect(clientOf('1', direct)).toBe('203.0.113.9')
    } finally {
      await stopChild(haproxy)
      server.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
