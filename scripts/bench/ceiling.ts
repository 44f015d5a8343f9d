// The ceiling for Node on this machine: records the server's response to one request and starts
// ceiling-server.ts to send it again without any application work.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { spawnChild, stopChild } from '../../tests/support/child-processes.js'
import type { RunningProcess } from './measure.js'

const ceilingScript = fileURLToPath(new URL('./ceiling-server.ts', import.meta.url))

/** Headers Node's http server writes by itself, or that depend on the framing. */
const ownHeaders = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
])

export interface RecordedResponse {
  status: number
  headers: Record<string, string>
  bodyBase64: string
}

/** The raw response (still compressed, if it was) to GET `url` with these headers. */
export function recordResponse(
  url: string,
  headers: Record<string, string>,
): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const kept: Record<string, string> = {}
          for (const [name, value] of Object.entries(response.headers)) {
            if (!ownHeaders.has(name) && value !== undefined) kept[name] = String(value)
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: kept,
            bodyBase64: Buffer.concat(chunks).toString('base64'),
          })
        })
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

export async function startCeiling(
  recorded: RecordedResponse,
  dir: string,
): Promise<RunningProcess> {
  const file = path.join(dir, 'ceiling-response.json')
  fs.writeFileSync(file, JSON.stringify(recorded))
  const child = spawnChild(process.execPath, ['--import', 'tsx', ceilingScript, file], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port))
    child.once('exit', (code) => reject(new Error(`The ceiling server exited (${code})`)))
  })
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child) }
}
