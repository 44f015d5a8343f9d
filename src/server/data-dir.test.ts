// DATA_DIR holds the database, the session secret, mails with reset links and people's unfinished
// uploads: only the server's own user may read any of it.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { storeReadyUpload } from '../../tests/support/ready-upload'
import { signIn } from '../../tests/support/sign-in'
import { createTestApp, createUser, dialects, type TestApp } from '../../tests/support/test-app'
import { createUpload, sendChunk } from '../../tests/support/tus'

/** Every folder and file under `root` with its permission bits, e.g. ['outbox', 0o700]. */
async function modesUnder(root: string): Promise<[string, number][]> {
  const entries = await fs.readdir(root, { recursive: true })
  return Promise.all(
    ['.', ...entries].map(async (entry): Promise<[string, number]> => {
      const stat = await fs.stat(path.join(root, entry))
      return [stat.isDirectory() ? `${entry}/` : entry, stat.mode & 0o777]
    }),
  )
}

describe.each(dialects)('a new DATA_DIR on %s', (dialect) => {
  let parent: string
  let dataDir: string
  let t: TestApp

  beforeAll(async () => {
    parent = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-data-dir-'))
    dataDir = path.join(parent, 'var', 'data')
    t = await createTestApp(dialect, { DATA_DIR: dataDir })
  })
  afterAll(async () => {
    await t?.close()
    await fs.rm(parent, { recursive: true, force: true })
  })

  it('is made readable by the server only, and so is everything in it', async () => {
    const user = await createUser(t.context)
    const cookie = await signIn(t.context, user)
    // A reset mail in the outbox, with its link.
    const reset = await t.app.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
      body: JSON.stringify({ email: user.email, redirectTo: '/reset-password' }),
    })
    expect(reset.status).toBe(200)
    await vi.waitFor(async () =>
      expect(
        (await fs.readdir(path.join(dataDir, 'outbox'))).filter((name) => name.endsWith('.eml')),
      ).toHaveLength(1),
    )
    // An upload half sent: its bytes and its description wait in staging.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#abc' } })
      .png()
      .toBuffer()
    const created = await createUpload(t.app, cookie, png.length, 'garden.png')
    expect(created.status).toBe(201)
    const id = created.headers.get('location')!.split('/').pop()!
    expect((await sendChunk(t.app, cookie, id, 0, png.subarray(0, 20))).status).toBe(204)
    // A stored image in the media folder.
    await storeReadyUpload(t.context, user.id)

    const modes = await modesUnder(dataDir)
    const names = modes.map(([name]) => name)
    expect(names).toEqual(expect.arrayContaining(['outbox/', 'uploads/', 'media/']))
    if (dialect === 'sqlite') expect(names).toEqual(expect.arrayContaining(['app.db']))
    const octal = modes.map(([name, mode]) => [name, mode.toString(8)])
    expect(octal).toEqual(modes.map(([name]) => [name, name.endsWith('/') ? '700' : '600']))
  })
})

describe('a DATA_DIR that others can read', () => {
  let parent: string
  const opened: TestApp[] = []

  beforeAll(async () => {
    parent = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-data-dir-'))
  })
  afterAll(async () => {
    for (const t of opened) await t.close()
    await fs.rm(parent, { recursive: true, force: true })
  })

  async function start(mode: number) {
    const dataDir = path.join(parent, mode.toString(8))
    await fs.mkdir(dataDir)
    await fs.chmod(dataDir, mode)
    const warn = vi.spyOn(console, 'warn')
    opened.push(await createTestApp('sqlite', { DATA_DIR: dataDir }))
    const lines = warn.mock.calls.map((call) => call.join(' '))
    warn.mockRestore()
    return { dataDir, lines }
  }

  it('gets one warning line at start, and the server starts all the same', async () => {
    const { dataDir, lines } = await start(0o755)
    const warnings = lines.filter((line) => line.includes(dataDir))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/other users/)
    expect(warnings[0]).not.toContain('\n')
    // Not changed behind the owner's back.
    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o755)
  })

  it('gets none when only its owner can read it', async () => {
    const { dataDir, lines } = await start(0o700)
    expect(lines.filter((line) => line.includes(dataDir))).toEqual([])
  })
})
