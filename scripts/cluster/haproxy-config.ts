// The HAProxy configuration of `npm run cluster` and the cluster soak: round-robin over the servers,
// a server taken out after two failed /healthz checks and put back after one good one, the client's
// address passed on in X-Forwarded-For from an address of HAProxy's own, and a request whose
// connection a dead server refused sent to another server instead.
import fs from 'node:fs'
import path from 'node:path'

/**
 * The address HAProxy connects to the servers from: its own, so that the servers can trust it alone
 * (TRUST_PROXY) and not every client on this machine, which all connect from 127.0.0.1.
 */
export const haproxySourceAddress = '127.0.0.2'

export interface HaproxyServer {
  name: string
  port: number
}

export interface HaproxyOptions {
  /** where HAProxy listens on 127.0.0.1 */
  port: number
  servers: HaproxyServer[]
}

export function haproxyConfig({ port, servers }: HaproxyOptions): string {
  return [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 5s',
    // Appends the address HAProxy saw to X-Forwarded-For: the servers trust it from HAProxy alone.
    '  option forwardfor',
    // A refused connection (a server just killed, not yet marked down) is tried again elsewhere.
    '  option redispatch',
    '  retries 2',
    '',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend app',
    '',
    'backend app',
    '  balance roundrobin',
    `  source ${haproxySourceAddress}`,
    // HTTP/1.1 with a Host header: Node responds with 400 to a check without one.
    '  option httpchk',
    '  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host localhost',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1',
    // Which server responded, for the cluster's readiness check and the soak's report.
    '  http-response set-header X-Served-By %s',
    ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
    '',
  ].join('\n')
}

/** Where HAProxy may be: the PATH, and Debian's sbin folders (not on a normal user's PATH). */
const searchDirs = [
  ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
  '/usr/sbin',
  '/usr/local/sbin',
]

/** HAProxy's binary in the first of `dirs` that has it; undefined when none has. */
export function haproxyBinary(dirs = searchDirs): string | undefined {
  return dirs.map((dir) => path.join(dir, 'haproxy')).find((file) => fs.existsSync(file))
}

export const haproxyMissing = 'haproxy not found: install it with apt-get install haproxy'
