// The ceiling: a bare node:http server responding to every request with one recorded response, byte for
// byte. Run as its own process by ceiling.ts; it reports its port over IPC.
import fs from 'node:fs'
import http from 'node:http'
import type { RecordedResponse } from './ceiling.js'

const recorded = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as RecordedResponse
const body = Buffer.from(recorded.bodyBase64, 'base64')
const headers = { ...recorded.headers, 'content-length': String(body.length) }

const server = http.createServer((_request, response) => {
  response.writeHead(recorded.status, headers)
  response.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 })
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))
