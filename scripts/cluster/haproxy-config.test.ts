import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { haproxyBinary, haproxyConfig } from './haproxy-config'

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

  it('passes the client address on and sends a refused request to another server', () => {
    expect(config).toContain('option forwardfor')
    expect(config).toContain('option redispatch')
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
