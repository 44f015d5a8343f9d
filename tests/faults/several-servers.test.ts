// Several server processes on one database respond as one: a write on one server shows in the very
// next cached read on another (the response cache checks the listings' version, decision 009), a
// session and a per-address limit hold on every server, and the hourly upload cleanup runs once per
// due time, also when the server that held it was killed. PostgreSQL is the case that matters;
// SQLite is "one server", but several processes may share its file, so it runs there too. Each server
// names itself in /healthz.
//
// The cleanup's claim lasts 30 s past its last renewal: its running out is tested with an injected clock in
// src/server/uploads/upload-cleanup-jobs.test.ts; here a killed server's claim is planted a
// moment ahead instead. Alerts mailed once by three servers: tests/faults/alerts.test.ts.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppContext } from '../../src/server/app'
import { uploadCleanupJob } from '../../src/server/uploads/upload-cleanup-jobs'
import { landlordLookupLimits } from '../../src/server/users/users.routes'
import type { Listing, ListingPage } from '../../src/shared/listing'
import type { MapResponse } from '../../src/shared/listing-requests'
import { storeReadyUpload } from '../support/ready-upload'
import {
  serverEnv,
  startServer,
  withAppContext,
  type ServerProcess,
} from '../support/server-process'
import { sessionCookieFrom, signUpAndIn, type SignedInUser } from '../support/sign-in'
import { createPostgresDatabase, dialects, validListingBody } from '../support/test-app'
import { untilTrue } from '../support/until-true'

describe.each(dialects)('three servers on one %s database', (dialect) => {
  let dataDir: string
  let database: { url: string; drop(): Promise<void> } | undefined
  let env: Record<string, string>
  let servers: ServerProcess[]
  let owner: SignedInUser
  let uploads: string[]

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-servers-'))
    if (dialect === 'postgres') database = await createPostgresDatabase()
    env = serverEnv(dataDir, database?.url)
    await withAppContext(env, async (context) => {
      owner = await signUpAndIn(context, { name: 'Several Servers Owner' })
      uploads = []
      for (let index = 0; index < 2; index += 1) {
        uploads.push((await storeReadyUpload(context, owner.id)).id)
      }
    })
    servers = await Promise.all([startServer(env), startServer(env), startServer(env)])
  }, 120_000)

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop('SIGKILL')))
    await database?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const server = (name: 'A' | 'B' | 'C') => servers['ABC'.indexOf(name)]!

  async function read<T>(on: ServerProcess, url: string): Promise<{ status: number; body: T }> {
    const response = await fetch(on.url + url)
    return { status: response.status, body: (await response.json()) as T }
  }

  async function write(on: ServerProcess, method: string, url: string, body?: unknown) {
    const response = await fetch(on.url + url, {
      method,
      headers: { 'Content-Type': 'application/json', Cookie: owner.cookie, Origin: on.url },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    expect(response.status, `${method} ${url}: ${await response.clone().text()}`).toBeLessThan(300)
    return response.status === 204 ? undefined : ((await response.json()) as Listing)
  }

  /** Every cached read of the listings on `on`, as names (and prices) a change must show in. */
  async function readsOn(on: ServerProcess, id: string) {
    const names = (page: ListingPage) =>
      page.items.map((item) => `${item.name} ${item.regularPrice}`)
    const list = await read<ListingPage>(on, '/api/listings')
    const search = await read<ListingPage>(on, '/api/listings?q=river')
    const map = await read<MapResponse>(on, '/api/listings/map?bbox=2,48,3,49&zoom=14')
    const detail = await read<Listing>(on, `/api/listings/${id}`)
    return {
      list: names(list.body),
      search: names(search.body),
      map: map.body.items.map((item) => `${item.name} ${item.price}`),
      detail: detail.status === 200 ? `${detail.body.name} ${detail.body.status}` : detail.status,
    }
  }

  it('shows a write on A in the very next read of each kind on B', async () => {
    const none = { list: [], search: [], map: [], detail: 404 }
    // B has served (and cached) every read before each write.
    expect(await readsOn(server('B'), 'NoSuchListing000000')).toEqual(none)
    const created = (await write(server('A'), 'POST', '/api/listings', validListingBody(uploads)))!
    const id = created.id
    expect(await readsOn(server('B'), id)).toEqual({
      list: ['Sunny flat by the river 2500'],
      search: ['Sunny flat by the river 2500'],
      map: ['Sunny flat by the river 2200'],
      detail: 'Sunny flat by the river active',
    })

    await write(server('A'), 'PUT', `/api/listings/${id}`, {
      ...validListingBody(created.imageUrls),
      name: 'Renamed flat by the river',
      regularPrice: 2700,
      discountedPrice: 2400,
    })
    expect(await readsOn(server('B'), id)).toEqual({
      list: ['Renamed flat by the river 2700'],
      search: ['Renamed flat by the river 2700'],
      map: ['Renamed flat by the river 2400'],
      detail: 'Renamed flat by the river active',
    })

    // Rented: off the lists and the map, its own page says so.
    await write(server('A'), 'PATCH', `/api/listings/${id}/status`, { status: 'rented' })
    expect(await readsOn(server('B'), id)).toEqual({
      ...none,
      detail: 'Renamed flat by the river rented',
    })
    await write(server('A'), 'PATCH', `/api/listings/${id}/status`, { status: 'active' })
    expect((await readsOn(server('B'), id)).list).toEqual(['Renamed flat by the river 2700'])

    await write(server('A'), 'DELETE', `/api/listings/${id}`)
    expect(await readsOn(server('B'), id)).toEqual(none)
  }, 60_000)

  it('keeps a session made on A valid on B until it is ended on A', async () => {
    const signIn = await fetch(`${server('A').url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server('A').url },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    })
    expect(signIn.status).toBe(200)
    const cookie = sessionCookieFrom(signIn.headers)
    const idsOnB = () =>
      fetch(`${server('B').url}/api/favourites/ids`, { headers: { Cookie: cookie } })
    expect((await idsOnB()).status).toBe(200)

    const signOut = await fetch(`${server('A').url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: server('A').url },
      body: '{}',
    })
    expect(signOut.status).toBe(200)
    expect((await idsOnB()).status).toBe(401)
  }, 30_000)

  it('names each server process in /healthz, by an opaque name its start-up line ties to the pid', async () => {
    const health = () =>
      Promise.all(
        servers.map(async (each) => (await (await fetch(`${each.url}/healthz`)).json()) as object),
      )
    const reports = await health()
    expect(reports).toEqual(servers.map(() => ({ ok: true, instance: expect.any(String) })))
    const names = reports.map((report) => (report as { instance: string }).instance)
    expect(new Set(names).size).toBe(servers.length)
    expect(await health()).toEqual(reports)
    servers.forEach((each, index) => {
      const name = names[index]!
      expect(name).toMatch(/^[0-9a-f]{12}$/)
      expect(name).not.toContain(String(each.child.pid))
      expect(name).not.toContain(os.hostname())
      expect(each.stdout()).toContain(`Instance ${name}, pid ${each.child.pid}`)
    })
  })

  it('counts a per-address limit on every server as one', async () => {
    const perMinute = landlordLookupLimits[0]!.max
    for (let index = 0; index < perMinute; index += 1) {
      expect((await fetch(`${server('A').url}/api/users/${owner.id}`)).status).toBe(200)
    }
    const limited = await fetch(`${server('B').url}/api/users/${owner.id}`)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/)
  }, 30_000)

  /** The cleanup's row; its `runAt` is an hour after its last run. */
  const cleanupJob = (context: AppContext) =>
    context.db.kysely
      .selectFrom('job')
      .select(['runAt', 'claimedUntil', 'version'])
      .where('key', '=', uploadCleanupJob.key)
      .execute()
  /** How many times each server (A, B, C) ran the cleanup. */
  const cleanupRuns = () =>
    servers.map(
      (each) =>
        each
          .stdout()
          .split('\n')
          .filter((line) => line.startsWith('Upload cleanup: removed')).length,
    )
  const total = (runs: number[]) => runs.reduce((sum, count) => sum + count, 0)

  it('runs the upload cleanup once per due time with three workers', async () => {
    await withAppContext(env, async (context) => {
      // Every server queued it at start; the first start did, an hour on.
      const [queued] = await cleanupJob(context)
      expect(queued).toMatchObject({ claimedUntil: null, version: 0 })
      expect(queued!.runAt).toBeGreaterThan(Date.now() + uploadCleanupJob.everyMs - 120_000)
      expect(cleanupRuns()).toEqual([0, 0, 0])

      for (let due = 1; due <= 3; due += 1) {
        // An hour has passed.
        const now = Date.now()
        await context.db.kysely
          .updateTable('job')
          .set({ runAt: now })
          .where('key', '=', uploadCleanupJob.key)
          .execute()
        await untilTrue(async () => (await cleanupJob(context))[0]!.runAt > now)
        const [next] = await cleanupJob(context)
        expect(next!.runAt).toBeGreaterThanOrEqual(now + uploadCleanupJob.everyMs)
        expect(total(cleanupRuns())).toBe(due)
      }
    })
  }, 60_000)

  it('runs the cleanup on another server once the claim of a killed one runs out', async () => {
    const killed = server('C')
    killed.child.kill('SIGKILL')
    expect(await killed.exited).toMatchObject({ signal: 'SIGKILL' })
    const before = cleanupRuns()
    await withAppContext(env, async (context) => {
      // Due, and claimed by C as if C had died mid-run: its claim ends a moment from now.
      const claimEnds = Date.now() + 1500
      await context.db.kysely
        .updateTable('job')
        .set({ runAt: Date.now(), claimedUntil: claimEnds, attempts: 1 })
        .where('key', '=', uploadCleanupJob.key)
        .execute()
      await untilTrue(async () => (await cleanupJob(context))[0]!.claimedUntil === null)
      const [next] = await cleanupJob(context)
      // Not before the claim ran out, and once.
      expect(next!.runAt).toBeGreaterThanOrEqual(claimEnds + uploadCleanupJob.everyMs)
      const ran = cleanupRuns().map((count, index) => count - before[index]!)
      expect([
        [1, 0, 0],
        [0, 1, 0],
      ]).toContainEqual(ran)
    })
  }, 60_000)
})
