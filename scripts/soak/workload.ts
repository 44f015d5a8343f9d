// The soak's traffic: `connections` workers, each running one operation after another until the
// time is up. 90% are reads (first pages of the lists, a deeper cursor page, one listing, the home
// page, a listing's page, an image); 10% are writes (a listing created with 1–2 images uploaded
// through tus, an edit, a delete, a new profile name). Each worker writes only its own listings
// and reads only listings nobody deletes, so every response should be a 2xx.
import { seededRandom, type Random } from '../../src/server/seed/random.js'
import type { Listing, ListingPage } from '../../src/shared/listing.js'
import { imageVariantUrl, imageWidths } from '../../src/shared/media.js'
import { jsonOf, type Send } from './http.js'
import { uploadImage, type SampleImage } from './tus.js'
import type { SoakUser, UserPool } from './users.js'

export interface WorkloadOptions {
  send: Send
  users: UserPool
  images: SampleImage[]
  /** listings nobody deletes during the soak: what the reads ask for */
  catalogue: Listing[]
  connections: number
  /** the time (Date.now()) after which workers start no new operation */
  until: number
  seed: number
  /** whether to ask for HTML pages (the server has no client to serve before `npm run build`) */
  pages: boolean
  /** the share of operations that write */
  writeShare: number
}

export type OperationCounts = Record<string, { done: number; failed: number }>

interface Owned {
  listing: Listing
  owner: SoakUser
}

type Operation = [name: string, weight: number, run: () => Promise<boolean>]

/** Addresses the offline geocoder resolves; a house number in front makes each one new. */
const streets = [
  'Rue de Rivoli, Paris, France',
  'Baker Street, London, United Kingdom',
  'Torstraße, Berlin, Germany',
  'Rua Augusta, Lisbon, Portugal',
  'Prinsengracht, Amsterdam, Netherlands',
]
const kinds = ['Loft', 'Flat', 'Studio', 'Cottage', 'Townhouse']
const listFilters = ['type=rent', 'type=sale', 'offer=true', 'type=rent&offer=true', '']

export async function runWorkload(options: WorkloadOptions): Promise<OperationCounts> {
  const counts: OperationCounts = {}
  const shared = { options, counts, cursors: new Map<string, string>(), sequence: 0 }
  const workers = Array.from({ length: options.connections }, (_, n) =>
    new Worker(shared, seededRandom(options.seed + n)).run(),
  )
  await Promise.all(workers)
  return counts
}

class Worker {
  private user: SoakUser | undefined
  private readonly owned = new Map<string, Owned>()
  private readonly reads: Operation[]
  private readonly writes: Operation[]

  constructor(
    private readonly shared: {
      options: WorkloadOptions
      counts: OperationCounts
      cursors: Map<string, string>
      sequence: number
    },
    private readonly random: Random,
  ) {
    const { pages } = shared.options
    this.reads = [
      ['list, first page', 30, () => this.firstPage(this.random.pick(listFilters))],
      ['list, deeper page', 10, () => this.deeperPage()],
      ['one listing', 20, () => this.oneListing()],
      ['image', 15, () => this.image()],
      ...(pages
        ? ([
            ['home page', 10, () => this.page('GET /', '/')],
            ['listing page', 15, () => this.listingPage()],
          ] satisfies Operation[])
        : []),
    ]
    this.writes = [
      ['create', 30, () => this.create()],
      ['edit', 30, () => this.whenOwning((owned) => this.edit(owned))],
      ['delete', 30, () => this.whenOwning((owned) => this.delete(owned))],
      ['rename', 10, () => this.rename()],
    ]
  }

  async run(): Promise<void> {
    const { until, writeShare } = this.shared.options
    while (Date.now() < until) {
      const [name, , operation] = this.pick(
        this.random.chance(writeShare) ? this.writes : this.reads,
      )
      const ok = await operation()
      const count = (this.shared.counts[name] ??= { done: 0, failed: 0 })
      count[ok ? 'done' : 'failed'] += 1
    }
  }

  private pick(operations: Operation[]): Operation {
    const total = operations.reduce((sum, [, weight]) => sum + weight, 0)
    let left = this.random.next() * total
    for (const operation of operations) {
      left -= operation[1]
      if (left < 0) return operation
    }
    return operations.at(-1)!
  }

  private get send(): Send {
    return this.shared.options.send
  }

  private async firstPage(filter: string): Promise<boolean> {
    const response = await this.send('GET /api/listings (first page)', `/api/listings?${filter}`)
    const page = jsonOf<ListingPage>(response)
    if (page?.nextCursor && !this.shared.cursors.has(filter)) {
      this.shared.cursors.set(filter, page.nextCursor)
    }
    return page !== undefined
  }

  /** Follows one list further each time, from its first page again once it ends. */
  private async deeperPage(): Promise<boolean> {
    const filter = this.random.pick(listFilters)
    const cursor = this.shared.cursors.get(filter)
    if (!cursor) return this.firstPage(filter)
    const query = new URLSearchParams(filter)
    query.set('cursor', cursor)
    const response = await this.send('GET /api/listings (cursor page)', `/api/listings?${query}`)
    const page = jsonOf<ListingPage>(response)
    if (page?.nextCursor) this.shared.cursors.set(filter, page.nextCursor)
    else this.shared.cursors.delete(filter)
    return page !== undefined
  }

  private get catalogued(): Listing {
    return this.random.pick(this.shared.options.catalogue)
  }

  private async oneListing(): Promise<boolean> {
    const response = await this.send('GET /api/listings/:id', `/api/listings/${this.catalogued.id}`)
    return jsonOf<Listing>(response) !== undefined
  }

  private async image(): Promise<boolean> {
    const url = imageVariantUrl(
      this.random.pick(this.catalogued.imageUrls),
      this.random.pick(imageWidths),
    )
    return (await this.send('GET /media/*', url)).status === 200
  }

  private async page(kind: string, path: string): Promise<boolean> {
    return (await this.send(kind, path)).status === 200
  }

  private listingPage(): Promise<boolean> {
    const { type, id } = this.catalogued
    return this.page('GET /category/:type/:id', `/category/${type}/${id}`)
  }

  /** The worker's user, swapped for a fresh one when its hourly uploads would not cover `uploads`. */
  private async userFor(uploads: number): Promise<SoakUser> {
    if (!this.user || this.user.uploadsLeft < uploads)
      this.user = await this.shared.options.users.take()
    return this.user
  }

  /** Uploads `count` images side by side, as the form does; undefined if any was rejected. */
  private async upload(owner: SoakUser, count: number): Promise<string[] | undefined> {
    owner.uploadsLeft -= count
    const { images, send } = this.shared.options
    const ids = await Promise.all(
      Array.from({ length: count }, () =>
        uploadImage(send, owner.cookie, this.random.pick(images)),
      ),
    )
    return ids.every((id) => id !== undefined) ? (ids as string[]) : undefined
  }

  private async create(): Promise<boolean> {
    const count = this.random.int(1, 2)
    const owner = await this.userFor(count)
    const images = await this.upload(owner, count)
    if (!images) return false
    const body = this.listingBody(`${this.random.int(1, 400)} ${this.random.pick(streets)}`, images)
    const response = await this.send('POST /api/listings', '/api/listings', {
      method: 'POST',
      cookie: owner.cookie,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    const listing = jsonOf<Listing>(response)
    if (listing) this.owned.set(listing.id, { listing, owner })
    return listing !== undefined
  }

  private whenOwning(operation: (owned: Owned) => Promise<boolean>): Promise<boolean> {
    const ids = [...this.owned.keys()]
    if (ids.length === 0) return this.create()
    return operation(this.owned.get(this.random.pick(ids))!)
  }

  /** New fields, the same address; now and then the last image is swapped for a new upload. */
  private async edit({ listing, owner }: Owned): Promise<boolean> {
    const images = [...listing.imageUrls]
    if (this.random.chance(0.2) && owner.uploadsLeft > 0) {
      const [id] = (await this.upload(owner, 1)) ?? []
      if (!id) return false
      images.splice(-1, 1, id)
    }
    const response = await this.send('PUT /api/listings/:id', `/api/listings/${listing.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(this.listingBody(listing.location, images)),
    })
    const edited = jsonOf<Listing>(response)
    if (edited) this.owned.set(edited.id, { listing: edited, owner })
    return edited !== undefined
  }

  private async delete({ listing, owner }: Owned): Promise<boolean> {
    const response = await this.send('DELETE /api/listings/:id', `/api/listings/${listing.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    })
    if (response.status !== 204) return false
    this.owned.delete(listing.id)
    return true
  }

  private async rename(): Promise<boolean> {
    const owner = await this.userFor(0)
    const response = await this.send('PATCH /api/users/me', '/api/users/me', {
      method: 'PATCH',
      cookie: owner.cookie,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Soak Landlord ${this.random.int(1, 1_000_000)}` }),
    })
    return jsonOf<{ id: string }>(response)?.id === owner.id
  }

  /** A valid create or edit body (the spec's validation rules), with a name no other listing of the soak has. */
  private listingBody(address: string, images: string[]) {
    const { random } = this
    this.shared.sequence += 1
    const offer = random.chance(0.4)
    const regularPrice = random.int(100, 900_000)
    return {
      type: random.pick(['rent', 'sale'] as const),
      name: `Soak ${random.pick(kinds)} ${this.shared.sequence}`,
      bedrooms: random.int(1, 6),
      bathrooms: random.int(1, 4),
      parking: random.chance(0.5),
      furnished: random.chance(0.5),
      address,
      offer,
      regularPrice,
      ...(offer
        ? { discountedPrice: random.int(Math.max(50, regularPrice - 500), regularPrice - 1) }
        : {}),
      images,
    }
  }
}
