// The SIGKILL drill: a signed-in user fires creates, edits and
// deletes at a real server process that is killed mid-burst. A ledger remembers what was sent and
// what was acknowledged with 2xx; after each restart the database must be intact and every acknowledged write
// there, whole (an edit in flight may have landed or not, but never half).
import fs from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { sql } from 'kysely'
import { expect } from 'vitest'
import type { AppContext } from '../../src/server/app'
import { imageFileKeys } from '../../src/server/media/media-store'
import type { Listing, ListingPage } from '../../src/shared/listing'
import { imageWidths, variantName } from '../../src/shared/media'
import { storeReadyUpload } from './ready-upload'
import type { ServerProcess } from './server-process'
import type { SignedInUser } from './sign-in'

/** mulberry32: the same seed gives the same burst, so a failure can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Addresses the offline geocoder resolves, with the coordinates it gives them. */
const places = [
  { address: '12 Rue de Rivoli, Paris, France', lat: 48.85341, lng: 2.3488 },
  { address: 'Alexanderplatz 1, Berlin, Germany', lat: 52.52437, lng: 13.41053 },
  { address: 'Calle Mayor 5, Madrid, Spain', lat: 40.4165, lng: -3.70256 },
  { address: 'Via Roma 3, Milan, Italy', lat: 45.46427, lng: 9.18951 },
]

interface ListingBody {
  type: 'rent' | 'sale'
  name: string
  bedrooms: number
  bathrooms: number
  parking: boolean
  furnished: boolean
  address: string
  offer: boolean
  regularPrice: number
  discountedPrice?: number
  /** upload ids, or the URLs of images the listing keeps */
  images: string[]
}

type InFlight = { kind: 'edit'; body: ListingBody } | { kind: 'delete' }

interface Tracked {
  /** The last version acknowledged with 2xx; null once a delete was acknowledged. */
  acked: Listing | null
  inFlight?: InFlight
}

export interface DrillTotals {
  kills: number
  creates: number
  edits: number
  deletes: number
  /** requests under way when the process was killed */
  cutOff: number
  /** of those, the ones whose write had committed before the kill */
  landed: number
  /** image folders left on disk that no upload row names (a kill between commit and file removal) */
  orphanImageFolders: number
}

export interface BurstOptions {
  random: () => number
  /** when the SIGKILL comes, counted from the first response */
  killAfterMs: number
  workers?: number
}

export class CrashDrill {
  readonly totals: DrillTotals = {
    kills: 0,
    creates: 0,
    edits: 0,
    deletes: 0,
    cutOff: 0,
    landed: 0,
    orphanImageFolders: 0,
  }
  private readonly listings = new Map<string, Tracked>()
  /** creates sent and never acknowledged, by listing name (each name is used once) */
  private pendingCreates = new Map<string, ListingBody>()
  private readonly imageKeys = new Map<string, string>()
  private freeUploads: string[] = []
  private sequence = 0

  constructor(
    private readonly user: SignedInUser,
    private readonly dataDir: string,
    private readonly uploadsPerRound = 30,
  ) {}

  /** The ids of the listings whose last acknowledged write left them in place. */
  acknowledgedListings(): string[] {
    return [...this.listings].filter(([, t]) => t.acked && !t.inFlight).map(([id]) => id)
  }

  /**
   * With the server down, on a freshly opened database: SQLite's integrity and foreign-key checks,
   * then every listing's images are attached uploads with their files on disk, and every attached
   * upload belongs to exactly one listing. Tops the user's finished uploads up for the next burst.
   */
  async checkDatabase(context: AppContext): Promise<void> {
    const { kysely } = context.db
    if (context.db.dialect === 'sqlite') {
      const integrity = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(
        kysely,
      )
      expect(integrity.rows).toEqual([{ integrity_check: 'ok' }])
      const foreignKeys = await sql`PRAGMA foreign_key_check`.execute(kysely)
      expect(foreignKeys.rows).toEqual([])
    }

    const rows = await kysely.selectFrom('listing').select(['id', 'images']).execute()
    const uploads = await kysely.selectFrom('upload').selectAll().execute()
    const attached = new Map(
      uploads.filter((upload) => upload.status === 'attached').map((u) => [u.imageKey!, u]),
    )
    const used = new Set<string>()
    for (const row of rows) {
      for (const imageKey of JSON.parse(row.images) as string[]) {
        expect(attached.has(imageKey), `listing ${row.id} uses ${imageKey}, not attached`).toBe(
          true,
        )
        expect(used.has(imageKey), `${imageKey} is used by two listings`).toBe(false)
        used.add(imageKey)
        this.expectImageFiles(imageKey)
      }
    }
    expect([...attached.keys()].filter((imageKey) => !used.has(imageKey))).toEqual([])

    const named = new Set(uploads.map((upload) => upload.imageKey))
    const imagesDir = path.join(this.dataDir, 'media', 'images')
    const folders = fs.existsSync(imagesDir) ? fs.readdirSync(imagesDir) : []
    this.totals.orphanImageFolders = folders.filter((f) => !named.has(`images/${f}`)).length

    this.freeUploads = uploads
      .filter((upload) => upload.status === 'ready' && upload.userId === this.user.id)
      .map((upload) => upload.id)
    while (this.freeUploads.length < this.uploadsPerRound) {
      const upload = await storeReadyUpload(context, this.user.id)
      this.imageKeys.set(upload.id, upload.imageKey)
      this.freeUploads.push(upload.id)
    }
  }

  /** Every variant and an original, whole (the disk store writes by rename). */
  private expectImageFiles(imageKey: string) {
    const root = path.join(this.dataDir, 'media')
    const present = imageFileKeys(imageKey).filter((key) => fs.existsSync(path.join(root, key)))
    for (const width of imageWidths) {
      expect(present, imageKey).toContain(`${imageKey}/${variantName(width)}`)
    }
    expect(
      present.some((key) => /\/original\.(jpg|png)$/.test(key)),
      imageKey,
    ).toBe(true)
    for (const key of present) {
      expect(fs.statSync(path.join(root, key)).size, key).toBeGreaterThan(0)
    }
  }

  /**
   * Through the restarted server: every listing acknowledged with 2xx is there and equal to its response, an
   * edit or delete in flight either landed whole or not at all, a create in flight either exists
   * whole or not at all, and nothing else exists. The ledger then takes the state as found.
   */
  async checkAcknowledgedWrites(server: ServerProcess): Promise<void> {
    const found = await this.userListings(server)
    for (const [id, tracked] of this.listings) {
      const actual = found.get(id)
      found.delete(id)
      const { acked, inFlight } = tracked
      const unchanged = acked === null ? actual === undefined : isDeepStrictEqual(actual, acked)
      if (!inFlight) {
        expect(actual ?? null, `listing ${id}`).toEqual(acked)
      } else if (!unchanged) {
        this.totals.landed += 1
        if (inFlight.kind === 'delete') expect(actual, `deleted ${id}`).toBeUndefined()
        else this.expectWhole(actual, inFlight.body, acked?.timestamp)
      }
      if (actual) this.listings.set(id, { acked: actual })
      else this.listings.delete(id)
    }
    for (const [id, listing] of found) {
      const body = this.pendingCreates.get(listing.name)
      expect(body, `listing ${id} '${listing.name}' was never sent`).toBeDefined()
      this.expectWhole(listing, body!)
      this.totals.landed += 1
      this.listings.set(id, { acked: listing })
    }
    this.pendingCreates = new Map()
  }

  private expectWhole(actual: Listing | undefined, body: ListingBody, after?: string) {
    const place = places.find((p) => p.address === body.address)!
    expect(actual, `'${body.name}'`).toEqual({
      id: expect.any(String),
      type: body.type,
      name: body.name,
      bedrooms: body.bedrooms,
      bathrooms: body.bathrooms,
      parking: body.parking,
      furnished: body.furnished,
      location: body.address,
      offer: body.offer,
      regularPrice: body.regularPrice,
      ...(body.offer ? { discountedPrice: body.discountedPrice } : {}),
      imageUrls: body.images.map((image) => this.imageUrlOf(image)),
      geolocation: { lat: place.lat, lng: place.lng },
      timestamp: expect.any(String),
      userRef: this.user.id,
      // The drill never closes a listing.
      status: 'active',
      // Read-only: they follow the clock and the price history, which the drill does not check.
      badges: expect.any(Array),
      priceChangedAt: actual?.priceChangedAt === undefined ? undefined : expect.any(String),
    })
    if (after) expect(Date.parse(actual!.timestamp)).toBeGreaterThanOrEqual(Date.parse(after))
  }

  private imageUrlOf(image: string): string {
    const imageKey = this.imageKeys.get(image)
    return imageKey ? `/media/${imageKey}/${variantName(imageWidths.at(-1)!)}` : image
  }

  private async userListings(server: ServerProcess): Promise<Map<string, Listing>> {
    const found = new Map<string, Listing>()
    let cursor: string | null = null
    do {
      const query = new URLSearchParams({ userRef: this.user.id, limit: '50' })
      if (cursor) query.set('cursor', cursor)
      const response = await fetch(`${server.url}/api/listings?${query}`)
      expect(response.status).toBe(200)
      const page = (await response.json()) as ListingPage
      for (const listing of page.items) found.set(listing.id, listing)
      cursor = page.items.length > 0 ? page.nextCursor : null
    } while (cursor)
    return found
  }

  /**
   * Concurrent creates, edits and deletes until the SIGKILL; any response that is not 2xx fails the
   * drill. Resolves once the process is gone and every request has settled.
   */
  async burst(server: ServerProcess, options: BurstOptions): Promise<void> {
    const { random, killAfterMs, workers = 8 } = options
    let killed = false
    let inFlight = 0
    let wake: () => void = () => {}
    let changed = new Promise<void>((resolve) => (wake = resolve))
    const settle = () => {
      wake()
      changed = new Promise<void>((resolve) => (wake = resolve))
    }

    const send = async (method: string, url: string, body?: ListingBody) => {
      inFlight += 1
      try {
        const response = await fetch(server.url + url, {
          method,
          headers: { 'Content-Type': 'application/json', Cookie: this.user.cookie },
          body: body && JSON.stringify(body),
        })
        const text = await response.text()
        expect(
          response.ok,
          `${method} ${url} responded ${response.status}: ${text}\n${server.stderr().slice(-3000)}`,
        ).toBe(true)
        firstWriteDone()
        return text ? (JSON.parse(text) as Listing) : null
      } catch (error) {
        // Cut off by the kill: the outcome is unknown until the restart.
        if (killed) return undefined
        throw error
      } finally {
        inFlight -= 1
        settle()
      }
    }

    const create = async () => {
      const body = this.newBody(random, this.takeUploads(random, 1 + Math.floor(random() * 2)))
      this.pendingCreates.set(body.name, body)
      const saved = await send('POST', '/api/listings', body)
      if (!saved) return
      this.pendingCreates.delete(body.name)
      this.expectWhole(saved, body)
      this.listings.set(saved.id, { acked: saved })
      this.totals.creates += 1
    }

    const change = async (id: string, tracked: Tracked) => {
      const current = tracked.acked!
      // Deletes only while more listings stand than there are workers: with the uploads used up,
      // at least one is left to edit, so the burst has work until the kill cuts it off.
      const standing = [...this.listings.values()].filter((t) => t.acked).length
      if (standing > workers && random() < 0.15) {
        tracked.inFlight = { kind: 'delete' }
        if ((await send('DELETE', `/api/listings/${id}`)) === undefined) return
        tracked.acked = null
        this.totals.deletes += 1
      } else {
        // Keep the images by URL; now and then swap the last one for a new upload.
        const images = [...current.imageUrls]
        if (random() < 0.3 && this.freeUploads.length > 0) {
          images.splice(-1, 1, ...this.takeUploads(random, 1))
        }
        const body = this.newBody(random, images)
        tracked.inFlight = { kind: 'edit', body }
        const saved = await send('PUT', `/api/listings/${id}`, body)
        if (!saved) return
        this.expectWhole(saved, body, current.timestamp)
        tracked.acked = saved
        this.totals.edits += 1
      }
      tracked.inFlight = undefined
    }

    const worker = async () => {
      while (!killed) {
        const idle = [...this.listings].filter(([, t]) => t.acked && !t.inFlight)
        if (this.freeUploads.length > 0 && (idle.length === 0 || random() < 0.5)) {
          await create()
        } else if (idle.length > 0) {
          const [id, tracked] = idle[Math.floor(random() * idle.length)]!
          await change(id, tracked)
        } else {
          // Everything is busy: wait until some request settles (or the kill comes).
          await changed
        }
      }
    }

    // The first write is slow (the gazetteer loads), so the clock starts at its response.
    let firstWriteDone: () => void = () => {}
    const firstWrite = new Promise<void>((resolve) => (firstWriteDone = resolve))
    const killer = firstWrite.then(
      () =>
        new Promise<void>((resolve) => {
          setTimeout(() => {
            killed = true
            this.totals.cutOff += inFlight
            this.totals.kills += 1
            server.child.kill('SIGKILL')
            // A worker waiting with nothing in flight has no response to wake it.
            settle()
            void server.exited.then(() => resolve())
          }, killAfterMs)
        }),
    )
    await Promise.all([killer, ...Array.from({ length: workers }, worker)])
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' })
  }

  private takeUploads(random: () => number, count: number): string[] {
    const taken: string[] = []
    while (taken.length < count && this.freeUploads.length > 0) {
      const index = Math.floor(random() * this.freeUploads.length)
      taken.push(...this.freeUploads.splice(index, 1))
    }
    return taken
  }

  private newBody(random: () => number, images: string[]): ListingBody {
    this.sequence += 1
    const offer = random() < 0.5
    const regularPrice = 100 + Math.floor(random() * 100_000)
    return {
      type: random() < 0.5 ? 'rent' : 'sale',
      // Unique, so a create that landed without a response is recognised by its name.
      name: `Crash drill listing ${this.sequence}`,
      bedrooms: 1 + Math.floor(random() * 6),
      bathrooms: 1 + Math.floor(random() * 4),
      parking: random() < 0.5,
      furnished: random() < 0.5,
      address: places[Math.floor(random() * places.length)]!.address,
      offer,
      regularPrice,
      ...(offer ? { discountedPrice: regularPrice - 1 - Math.floor(random() * 50) } : {}),
      images,
    }
  }
}
