// A bad configuration stops the server at start with one line naming the variable (README.md, Configuration).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverLines, spawnServer } from '../../tests/support/server-process'

/** Runs the server to its end; a configuration it accepted would keep it running, so it is stopped. */
async function runServer(env: Record<string, string>) {
  const server = await spawnServer(env)
  const timer = setTimeout(() => void server.stop(), 30_000)
  const exit = await server.exited
  clearTimeout(timer)
  return { code: exit.code, stdout: server.stdout(), stderr: server.stderr() }
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
      const run = await runServer({ DATA_DIR: dataDir, ...env })
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
