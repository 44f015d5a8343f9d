// A bad configuration stops the server at start with one line naming the variable (ARCHITECTURE.md §3).
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverLines, withoutAppVariables } from '../test/server-process'

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function startServer(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'src/server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...withoutAppVariables(process.env), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    // If the configuration were accepted, the server would keep running: stop it and say so.
    const timer = setTimeout(() => child.kill('SIGTERM'), 30_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

describe('starting the server with a bad configuration', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-main-'))
  })
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://user@localhost/db' }],
  ])(
    'exits with code 1 and one stderr line naming %s',
    async (name, env) => {
      const run = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', ...env })
      const lines = serverLines(run.stderr)
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain(name)
      expect(lines[0]).not.toMatch(/^\s+at /)
      expect(run.code).toBe(1)
      expect(run.stdout).toBe('')
      // It stopped before touching DATA_DIR: no database was created.
      expect(await fs.readdir(dataDir)).toEqual([])
    },
    60_000,
  )
})
