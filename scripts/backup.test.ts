// npm run backup / npm run restore (docs/reliability.md): a backup taken while the server
// runs and is written to, then more writes, then a restore, gives back the moment of the backup:
// its listings, their images, the sessions; and the database passes its integrity checks.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing, ListingPage } from '../src/shared/listing'
import { storeReadyUpload } from '../tests/support/ready-upload'
import {
  serverEnv,
  startServer,
  withAppContext,
  withoutAppVariables,
  type ServerProcess,
} from '../tests/support/server-process'
import { signUpAndIn, type SignedInUser } from '../tests/support/sign-in'

const run = promisify(execFile)
const repoRoot = path.resolve(import.meta.dirname, '..')

/** Runs scripts/{name}.ts as `npm run {name}` does (tsx), with the server's environment. */
async function script(name: 'backup' | 'restore', env: Record<string, string>, arg?: string) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `scripts/${name}.ts`, ...(arg ? [arg] : [])],
      { cwd: repoRoot, env: { ...withoutAppVariables(process.env), ...env } },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe('backup and restore of DATA_DIR', () => {
  let root: string
  let dataDir: string
  let env: Record<string, string>
  let user: SignedInUser
  let uploads: string[]
  let server: ServerProcess | undefined

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-backup-'))
    dataDir = path.join(root, 'data')
    // No AUTH_SECRET: the generated secret in DATA_DIR is part of what a backup must keep.
    env = { DATA_DIR: dataDir }
    ;({ user, uploads } = await withAppContext(env, async (context) => {
      const user = await signUpAndIn(context, { name: 'Backup Person' })
      const uploads: string[] = []
      for (let i = 0; i < 80; i += 1) uploads.push((await storeReadyUpload(context, user.id)).id)
      return { user, uploads }
    }))
  }, 120_000)

  afterAll(async () => {
    await server?.stop('SIGKILL')
    fs.rmSync(root, { recursive: true, force: true })
  })

  function send(method: string, url: string, body?: unknown) {
    return fetch(server!.url + url, {
      method,
      headers: { 'Content-Type': 'application/json', Cookie: user.cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }

  let count = 0
  async function create(): Promise<Listing> {
    count += 1
    const response = await send('POST', '/api/listings', {
      type: 'rent',
      name: `Backup listing ${count}`,
      bedrooms: 2,
      bathrooms: 1,
      parking: true,
      furnished: false,
      address: '12 Rue de Rivoli, Paris, France',
      offer: false,
      regularPrice: 1000 + count,
      images: [uploads.pop()!],
    })
    expect(response.status, await response.clone().text()).toBe(201)
    return (await response.json()) as Listing
  }

  async function listingsNow(): Promise<Map<string, Listing>> {
    const found = new Map<string, Listing>()
    let cursor: string | null = null
    do {
      const query = new URLSearchParams({
        userRef: user.id,
        limit: '50',
        ...(cursor && { cursor }),
      })
      const page = (await (
        await fetch(`${server!.url}/api/listings?${query}`)
      ).json()) as ListingPage
      for (const listing of page.items) found.set(listing.id, listing)
      cursor = page.items.length > 0 ? page.nextCursor : null
    } while (cursor)
    return found
  }

  it('gives back the moment of the backup after later creates, edits and deletes', async () => {
    server = await startServer(env)
    const before: Listing[] = []
    for (let i = 0; i < 8; i += 1) before.push(await create())

    // Writes go on while the backup runs.
    let writing = true
    const during: Listing[] = []
    const writer = (async () => {
      // A few uploads stay for the creates after the backup.
      while (writing && uploads.length > 4) during.push(await create())
    })()
    const backupStarted = Date.now()
    const backup = await script('backup', env, path.join(root, 'backups'))
    const backupEnded = Date.now()
    writing = false
    await writer
    expect(backup.code, backup.stderr).toBe(0)
    const folder = backup.stdout.trim().split('\n').at(-1)!
    expect(fs.existsSync(path.join(folder, 'manifest.json'))).toBe(true)
    // The moment of the backup, as its own database file records it.
    const snapshot = new SQLite(path.join(folder, 'app.db'), { readonly: true })
    const backedUp = new Set(snapshot.prepare('SELECT id FROM listing').pluck().all() as string[])
    snapshot.close()
    // Everything acknowledged before it started is in; what was written during it may or may not be.
    for (const listing of before) expect(backedUp.has(listing.id)).toBe(true)
    expect(during.length, 'writes while the backup ran').toBeGreaterThan(0)
    const state = await listingsNow()
    expect([...backedUp].filter((id) => !state.has(id))).toEqual([])
    const expected = [...backedUp].map((id) => state.get(id)!)

    // After the backup: edits, deletes (their image files go) and creates.
    for (const listing of before.slice(0, 3)) {
      const response = await send(
        'PUT',
        `/api/listings/${listing.id}`,
        edit(listing, 'Edited after the backup'),
      )
      expect(response.status).toBe(200)
    }
    for (const listing of before.slice(3, 6)) {
      expect((await send('DELETE', `/api/listings/${listing.id}`)).status).toBe(204)
    }
    const after = [await create(), await create()]

    // The server holds the database: restore rejects and changes nothing.
    const rejected = await script('restore', env, folder)
    expect(rejected.code).toBe(1)
    expect(rejected.stderr).toContain('stop it first')
    expect((await listingsNow()).has(after[0]!.id)).toBe(true)

    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    const restored = await script('restore', env, folder)
    expect(restored.code, restored.stderr).toBe(0)

    await withAppContext(env, async (context) => {
      const integrity = await sql`PRAGMA integrity_check`.execute(context.db.kysely)
      expect(integrity.rows).toEqual([{ integrity_check: 'ok' }])
    })
    server = await startServer(env)
    const back = await listingsNow()
    expect([...back.values()].sort(byId)).toEqual(expected.sort(byId))
    for (const listing of back.values()) {
      for (const url of listing.imageUrls) {
        const image = await fetch(server.url + url)
        expect(image.status, url).toBe(200)
        expect(image.headers.get('content-type')).toBe('image/webp')
      }
    }
    // The session (and the generated secret that signs it) came back too.
    const restoredOne = back.get(before[0]!.id)!
    const edited = await send(
      'PUT',
      `/api/listings/${restoredOne.id}`,
      edit(restoredOne, 'Edited after the restore'),
    )
    expect(edited.status, await edited.clone().text()).toBe(200)
    console.info(
      `Backup round trip: ${backedUp.size} listings backed up in ${backupEnded - backupStarted} ms while ${during.length} creates ran`,
    )
  }, 180_000)

  it('rejects with PostgreSQL or S3 and says what to do instead', async () => {
    const result = await script('backup', {
      ...serverEnv(dataDir, 'postgres://backup@127.0.0.1:1/none'),
      STORAGE: 's3',
      S3_BUCKET: 'listings',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('pg_dump')
    expect(result.stderr).toContain('bucket versioning')
  })
})

const byId = (a: Listing, b: Listing) => a.id.localeCompare(b.id)

/** An edit that changes every field but the images. */
function edit(listing: Listing, name: string) {
  return {
    type: 'sale',
    name,
    bedrooms: 5,
    bathrooms: 3,
    parking: false,
    furnished: true,
    address: 'Alexanderplatz 1, Berlin, Germany',
    offer: false,
    regularPrice: 999_999,
    images: listing.imageUrls,
  }
}
