// Fills a fresh database with users and listings for the benchmark, in batches straight through
// Kysely (the demo seeder draws images, far too slow for 100,000 listings). Image keys point at a
// handful of fake keys: the API only turns keys into URLs.
import { sql } from 'kysely'
import type { Db } from '../../src/server/db/database.js'
import { newId } from '../../src/server/ids.js'
import { seededRandom } from '../../src/server/seed/random.js'
import { searchWords } from '../../src/server/listings/search-words.js'

const batchSize = 1_000
const userCount = 300
const imageKeys = Array.from({ length: 8 }, (_, n) => `images/bench-house-${n + 1}`)
const cities = ['Paris, France', 'London, United Kingdom', 'Berlin, Germany', 'Lisbon, Portugal']
const kinds = ['Loft', 'Apartment', 'Townhouse', 'Cottage', 'Studio', 'Villa', 'Flat']

export interface SeedResult {
  listings: number
  users: number
  /** time spent inserting users and listings */
  seedMs: number
}

export async function seedListings(db: Db, listings: number): Promise<SeedResult> {
  const started = performance.now()
  const userIds = await insertUsers(db)
  await insertListings(db, userIds, listings)
  const seedMs = performance.now() - started
  // PostgreSQL's autovacuum would gather statistics within a minute of such a load; do it now so
  // the run does not depend on when that happens. (SQLite has no such daemon and the app does not
  // run ANALYZE, so SQLite's planner works without statistics, as it would in production.)
  if (db.dialect === 'postgres') await sql`ANALYZE`.execute(db.kysely)
  return { listings, users: userIds.length, seedMs }
}

async function insertUsers(db: Db): Promise<string[]> {
  const now = new Date().toISOString()
  const users = Array.from({ length: userCount }, (_, n) => ({
    id: newId(32),
    name: `Bench Landlord ${n + 1}`,
    email: `bench-${n + 1}@example.com`,
    emailVerified: db.bool(true),
    image: null,
    createdAt: now,
    updatedAt: now,
  }))
  await db.kysely.insertInto('user').values(users).execute()
  return users.map((user) => user.id)
}

/** Newest first is listing 0; each is a minute older than the one before. */
async function insertListings(db: Db, userIds: string[], count: number): Promise<void> {
  const random = seededRandom(count)
  const now = Date.now()
  await db.kysely.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += batchSize) {
      const rows = []
      for (let n = start; n < Math.min(count, start + batchSize); n++) {
        const type = random.chance(0.55) ? ('rent' as const) : ('sale' as const)
        const regularPrice =
          type === 'rent' ? random.int(16, 120) * 50 : random.int(150, 2500) * 1000
        const offer = random.chance(0.4)
        const city = random.pick(cities)
        const name = `${random.pick(kinds)} in ${city.split(',')[0]}`
        const location = `${random.int(1, 180)} Bench Street, ${city}`
        rows.push({
          id: newId(),
          userRef: userIds[n % userIds.length]!,
          type,
          name,
          bedrooms: random.int(1, 5),
          bathrooms: random.int(1, 3),
          parking: db.bool(random.chance(0.5)),
          furnished: db.bool(random.chance(0.5)),
          location,
          words: searchWords({ name, location }),
          offer: db.bool(offer),
          regularPrice,
          discountedPrice: offer ? Math.round((regularPrice * 0.85) / 50) * 50 : null,
          images: JSON.stringify(
            Array.from({ length: random.int(2, 3) }, () => random.pick(imageKeys)),
          ),
          lat: 48 + random.next(),
          lng: 2 + random.next(),
          timestamp: now - n * 60_000,
        })
      }
      await trx.insertInto('listing').values(rows).execute()
    }
  })
}
