// npm run bench:alerts: what matching a new listing against the saved searches costs its create,
// with BENCH_SAVED_SEARCHES (default 100,000) saved searches of many users. Each round creates a
// listing through the app's own writes twice, once with the alerts and once without (the write as
// it was before alerts), in turns; it prints p50 and p99 of each and their ratio (the budget: p99
// within 1.5×). Geocoding is left out (a fixed place), so the ratio is the database's work alone.
// BENCH_DATABASE_URL adds PostgreSQL; BENCH_CREATES sets the rounds (default 1000). The match jobs
// the creates queued are then run, and their cost a listing printed: the worker's share.
import { alertCandidatesQuery } from '../../src/server/saved-searches/alert-candidates.queries.js'
import { searchPlace } from '../../src/server/saved-searches/search-place.js'
import type { AppContext } from '../../src/server/app.js'
import type { Geocoder } from '../../src/server/geocoding/geocoder.js'
import { newId } from '../../src/server/ids.js'
import { createListingWrites } from '../../src/server/listings/listing-writes.js'
import { batches } from '../../src/server/lib/batches.js'
import { seededRandom, type Random } from '../../src/server/seed/random.js'
import { listingFilterSchema } from '../../src/shared/listing-query-schema.js'
import type { ListingInput } from '../../src/shared/listing-schema.js'
import { benchCities, seedListings, type BenchCity } from './seed.js'
import { createStore, openStoreContext } from './store.js'

const savedSearchCount = Number(process.env.BENCH_SAVED_SEARCHES ?? 100_000)
const rounds = Number(process.env.BENCH_CREATES ?? 1000)
const searchesPerUser = 20
const rents = [500, 800, 1000, 1200, 1500, 2000, 2500, 3000, 4000, 6000]
const sales = [100_000, 200_000, 300_000, 500_000, 800_000, 1_200_000, 2_000_000]

/** A saved search as people make them: a type, often a place (its name or a map box), a budget. */
function savedQuery(random: Random, city: BenchCity): Record<string, string> {
  const query: Record<string, string> = {}
  const type = random.chance(0.55) ? 'rent' : 'sale'
  if (random.chance(0.85)) query.type = type
  if (random.chance(0.5)) query.q = city.name
  else if (random.chance(0.9)) {
    const half = 0.05 + random.next() * 0.2
    query.bbox = [city.lng - half, city.lat - half, city.lng + half, city.lat + half]
      .map((value) => value.toFixed(4))
      .join(',')
  }
  const prices = type === 'rent' ? rents : sales
  if (random.chance(0.7)) query.maxPrice = String(random.pick(prices))
  if (random.chance(0.25)) query.minPrice = String(Math.round(Number(random.pick(prices)) / 3))
  if (
    query.minPrice !== undefined &&
    query.maxPrice !== undefined &&
    Number(query.minPrice) > Number(query.maxPrice)
  ) {
    delete query.minPrice
  }
  if (random.chance(0.4)) query.minBedrooms = String(random.int(1, 4))
  return query
}

async function insertSavedSearches(context: AppContext, cities: BenchCity[]): Promise<void> {
  const random = seededRandom(savedSearchCount)
  const now = Date.now()
  const users = Math.ceil(savedSearchCount / searchesPerUser)
  const userIds = Array.from({ length: users }, () => newId(32))
  const iso = new Date(now).toISOString()
  for (const batch of batches(userIds, 1000)) {
    await context.db.kysely
      .insertInto('user')
      .values(
        batch.map((id) => ({
          id,
          name: 'Bench Searcher',
          email: `${id}@example.com`,
          emailVerified: context.db.bool(true),
          image: null,
          createdAt: iso,
          updatedAt: iso,
        })),
      )
      .execute()
  }
  const rows = Array.from({ length: savedSearchCount }, (_, n) => {
    // Most searches name one of the most populous cities, as most listings lie there.
    const city = cities[Math.floor(random.next() ** 2 * cities.length)]!
    const query = savedQuery(random, city)
    const alerts = random.chance(0.6) ? 'instant' : random.chance(0.75) ? 'daily' : 'off'
    const { placeKind, placeWord, cells } = searchPlace(listingFilterSchema.parse(query))
    const row = {
      id: newId(),
      userId: userIds[n % users]!,
      name: 'Bench search',
      query: JSON.stringify(query),
      alerts: alerts as 'instant' | 'daily' | 'off',
      createdAt: now - random.int(0, 30 * 86_400_000),
      type: (query.type ?? null) as 'rent' | 'sale' | null,
      minPrice: query.minPrice === undefined ? null : Number(query.minPrice),
      maxPrice: query.maxPrice === undefined ? null : Number(query.maxPrice),
      placeKind,
      placeWord,
    }
    return { row, cells }
  })
  await context.db.kysely.transaction().execute(async (trx) => {
    for (const batch of batches(rows, 500)) {
      await trx
        .insertInto('saved_search')
        .values(batch.map((search) => search.row))
        .execute()
    }
    const cellRows = rows.flatMap(({ row: { id, type, minPrice, maxPrice }, cells }) =>
      cells.map((cell) => ({ savedSearchId: id, cell, type, minPrice, maxPrice })),
    )
    for (const batch of batches(cellRows, 500)) {
      await trx.insertInto('saved_search_cell').values(batch).execute()
    }
  })
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!
}

async function benchDialect(dialect: 'sqlite' | 'postgres', databaseUrl?: string) {
  const store = await createStore(dialect, databaseUrl)
  try {
    const context = await openStoreContext(store)
    try {
      const cities = benchCities(50)
      await seedListings(context.db, 10_000, cities)
      await insertSavedSearches(context, cities)
      const owner = (await context.db.kysely
        .selectFrom('user')
        .select('id')
        .where('name', 'like', 'Bench Landlord%')
        .executeTakeFirstOrThrow())!.id
      const random = seededRandom(7)
      let place = cities[0]!
      const geocoder: Geocoder = {
        geocode: async () => ({ lat: place.lat, lng: place.lng, formattedAddress: place.name }),
      }
      const { photoChecks } = context.moderation
      const withAlerts = createListingWrites({ ...context, geocoder, photoChecks })
      const withoutAlerts = createListingWrites({
        ...context,
        geocoder,
        photoChecks,
        listingAlerts: { ...context.listingAlerts, listingCreated: async () => {} },
      })
      const times = { with: [] as number[], without: [] as number[] }
      const input = (): ListingInput => {
        place = cities[Math.floor(random.next() ** 2 * cities.length)]!
        const type = random.chance(0.55) ? 'rent' : 'sale'
        return {
          type,
          name: `Bench flat in ${place.name}`.slice(0, 32),
          bedrooms: random.int(1, 4),
          bathrooms: 1,
          parking: random.chance(0.5),
          furnished: random.chance(0.5),
          address: `1 Main Street, ${place.name}, ${place.country}`,
          offer: false,
          regularPrice: random.pick(type === 'rent' ? rents : sales),
          images: [],
        }
      }
      // A few of each first: statements prepared, pages cached.
      for (let n = 0; n < 20; n += 1) {
        await withAlerts.create(owner, input())
        await withoutAlerts.create(owner, input())
      }
      for (let n = 0; n < rounds; n += 1) {
        const both = [
          [withAlerts, times.with],
          [withoutAlerts, times.without],
        ] as const
        // Turn about, so that neither always follows the other's work.
        for (const [writes, list] of n % 2 === 0 ? both : [...both].reverse()) {
          const started = performance.now()
          await writes.create(owner, input())
          list.push(performance.now() - started)
        }
      }
      // The worker's side: 50 of the match jobs the creates queued (the mails they queue wait).
      const sampled = 50
      let matchJobs = 0
      const matchStarted = performance.now()
      const match = context.jobHandlers['match-listing']!
      await context.jobs.runDue(
        {
          'match-listing': async (payload, now) => {
            matchJobs += 1
            await match(payload, now)
          },
        },
        () => Date.now(),
        () => matchJobs >= sampled,
      )
      const matchMs = (performance.now() - matchStarted) / matchJobs
      const matches = await context.db.kysely
        .selectFrom('saved_search_match')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
      // What the index hands the filters to check, for listings like those created.
      let candidates = 0
      const readStarted = performance.now()
      for (let n = 0; n < 50; n += 1) {
        const { type, name, address, regularPrice } = input()
        const query = alertCandidatesQuery(context.db.kysely, {
          type,
          name,
          location: address,
          geolocation: { lat: place.lat, lng: place.lng },
          userRef: owner,
          price: regularPrice,
        })
        candidates += (await query.execute()).length
      }
      const readMs = (performance.now() - readStarted) / 50
      const p99 = { with: percentile(times.with, 0.99), without: percentile(times.without, 0.99) }
      console.info(
        [
          `${dialect}: ${savedSearchCount} saved searches, ${rounds} creates each way`,
          `  without alerts: p50 ${percentile(times.without, 0.5).toFixed(2)} ms, p99 ${p99.without.toFixed(2)} ms`,
          `  with alerts:    p50 ${percentile(times.with, 0.5).toFixed(2)} ms, p99 ${p99.with.toFixed(2)} ms`,
          `  p99 ratio ${(p99.with / p99.without).toFixed(2)} (budget 1.5)`,
          `  matching, in the worker: ${(candidates / 50).toFixed(0)} candidate searches, ${(Number(matches.count) / matchJobs).toFixed(0)} matches and ${matchMs.toFixed(0)} ms a listing`,
          `  reading the candidates alone: ${readMs.toFixed(1)} ms a listing`,
        ].join('\n'),
      )
    } finally {
      await context.db.close()
    }
  } finally {
    await store.remove()
  }
}

await benchDialect('sqlite')
if (process.env.BENCH_DATABASE_URL) await benchDialect('postgres', process.env.BENCH_DATABASE_URL)
