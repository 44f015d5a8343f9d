// How the search's SQL runs on each database: every statement a search request really sends (caught
// at the driver) is explained, and none may read `listing` by a full scan; each kind of search uses
// the index made for it (migrations 008 and 010: the public lists' indexes hold only listings on the
// market, the owner's holds all). And a search runs as many statements with 500 listings as with
// 3000 (docs/performance.md).
import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedStatusOf, type ListingPage } from '../../../shared/listing'
import type { Dialect } from '../../db/database'
import { queryPlan, scansTable } from '../../../../tests/support/query-plan'
import { countStatements, recordStatements } from '../../../../tests/support/statements'
import {
  createTestApp,
  createUser,
  dialects,
  insertListing,
  insertListings,
  requestJson,
  type ListingFields,
  type TestApp,
} from '../../../../tests/support/test-app'

const base = Date.UTC(2025, 0, 15)

/**
 * Listing `n` of a library of `count`: a few hundred street names, so that PostgreSQL's statistics
 * know the words as they would for real addresses; 'Cottage' in half the names; 'Zephyr' only in
 * the three oldest; one in twenty in a small part of Paris, the rest spread over the world; one in
 * ten sold or rented; 'Parquet' in half the descriptions, 'Wisteria' only in the three newest.
 */
function libraryListing(userRef: string, n: number, count: number): ListingFields {
  const offer = n % 5 === 0
  const type = n % 3 === 0 ? 'sale' : 'rent'
  const regularPrice = type === 'rent' ? 500 + (n % 97) * 25 : 90_000 + (n % 89) * 5_000
  const inParis = n % 20 === 0
  return {
    userRef,
    type,
    name: [n % 2 ? 'Cosy Cottage' : 'Bright Flat', ...(n >= count - 3 ? ['Zephyr'] : [])].join(' '),
    location: `${n % 150} Rue ${(n * 7919) % 300}${String.fromCharCode(97 + (n % 26))}`,
    bedrooms: 1 + (n % 5),
    bathrooms: 1 + (n % 3),
    parking: n % 2 === 0,
    furnished: n % 7 === 0,
    offer,
    regularPrice,
    discountedPrice: offer ? Math.round(regularPrice * 0.9) : null,
    lat: inParis ? 48.85 + (n % 100) / 10_000 : ((n * 37) % 170) - 84.5,
    lng: inParis ? 2.35 + (n % 97) / 10_000 : ((n * 61) % 359) - 179.5,
    timestamp: base - n * 60_000,
    status: n % 10 === 7 ? closedStatusOf[type] : 'active',
    description: [
      n % 2 ? 'Parquet floors and a balcony.' : 'Stone floors.',
      ...(n < 3 ? ['Wisteria over the door.'] : []),
    ].join(' '),
    homeType: n % 4 === 0 ? 'house' : 'apartment',
    floorArea: 20 + (n % 9) * 15,
    availableFrom: n % 5 === 0 ? null : '2026-11-01',
    petsAllowed: n % 2 === 0,
  }
}

/** The owner of every listing of a library. */
const ownerOf = new Map<TestApp, string>()

async function library(dialect: Dialect, count: number): Promise<TestApp> {
  const t = await createTestApp(dialect)
  const owner = await createUser(t.context)
  ownerOf.set(t, owner.id)
  await insertListings(
    t.context,
    Array.from({ length: count }, (_, n) => libraryListing(owner.id, n, count)),
  )
  // PostgreSQL plans from its statistics, and prices the GIN index's list of rows not yet merged
  // in; after a load like this autovacuum would gather the one and merge the other within a
  // minute. Do it now, so that the plans are those the database would settle on.
  if (dialect === 'postgres') await sql`vacuum analyze listing`.execute(t.context.db.kysely)
  return t
}

const paris = 'bbox=2.34,48.84,2.37,48.87'
const world = 'bbox=-180,-90,180,90'
/** A C around the Paris listings, open to the east, its notch in their middle. */
const parisC =
  'polygon=48.84,2.34;48.84,2.37;48.852,2.37;48.852,2.352;48.856,2.352;48.856,2.37;48.87,2.37;48.87,2.34'

interface Search {
  name: string
  path: string
  /** the index that must appear in the plan, on each database */
  index: Record<Dialect, RegExp>
  /** the index is read in the sort's order, so nothing is sorted afterwards */
  inOrder?: boolean
  /**
   * Every listing matches: a scan that stops at the map's 201st listing (to learn whether there
   * are more than 200) reads no more than that.
   */
  allMatch?: boolean
}

/** Each kind of search, and how it must be read. */
const searches: Search[] = [
  {
    name: 'the first page of Explore',
    path: '/api/listings?limit=5',
    index: { sqlite: /INDEX listing_newest\b/, postgres: /using listing_newest\b/ },
    inOrder: true,
  },
  {
    name: 'a category',
    path: '/api/listings?type=sale',
    // A third of the listings are for sale: PostgreSQL may as well scan the newest and skip rentals.
    index: { sqlite: /INDEX listing_type_newest\b/, postgres: /using listing_(type_)?newest\b/ },
    inOrder: true,
  },
  {
    name: 'the offers',
    path: '/api/listings?offer=true',
    index: { sqlite: /INDEX listing_offer_newest\b/, postgres: /using listing_offer_newest\b/ },
    inOrder: true,
  },
  {
    name: 'a rare word, newest first',
    path: '/api/listings?q=zephyr',
    index: {
      sqlite: /INDEX listing_word_newest \(word=\? AND type=\?\)/,
      postgres: /using listing_word_newest\b/,
    },
    inOrder: true,
  },
  {
    name: 'a rare word by price',
    path: '/api/listings?q=zephyr&sort=price-asc',
    index: {
      sqlite: /SEARCH listing_word USING PRIMARY KEY \(word=\? AND type=\?\)/,
      postgres: /using listing_word_price\b/,
    },
    inOrder: true,
  },
  {
    name: 'a word and a prefix with a price range, newest first',
    path: '/api/listings?q=rue+cot&minPrice=100&maxPrice=900000',
    index: {
      sqlite: /INDEX listing_word_newest \(word=\? AND type=\?\)/,
      postgres: /using listing_word_newest\b/,
    },
    inOrder: true,
  },
  {
    name: 'a common word by price',
    path: '/api/listings?q=cottage&sort=price-asc',
    index: {
      sqlite: /SEARCH listing_word USING PRIMARY KEY \(word=\? AND type=\?\)/,
      postgres: /using listing_word_price\b/,
    },
    inOrder: true,
  },
  {
    name: 'the price sort',
    path: '/api/listings?sort=price-desc&parking=true',
    index: { sqlite: /INDEX listing_price\b/, postgres: /using listing_price\b/ },
    inOrder: true,
  },
  {
    name: 'the price sort of one type',
    path: '/api/listings?type=rent&sort=price-asc&minBedrooms=2',
    index: { sqlite: /INDEX listing_type_price\b/, postgres: /using listing_type_price\b/ },
    inOrder: true,
  },
  {
    name: 'a small box',
    path: `/api/listings?${paris}`,
    index: { sqlite: /listing_area VIRTUAL TABLE/, postgres: /on listing_place\b/ },
  },
  {
    name: 'a small box by price',
    path: `/api/listings?${paris}&sort=price-asc&furnished=false`,
    index: { sqlite: /listing_area VIRTUAL TABLE/, postgres: /on listing_place\b/ },
  },
  {
    name: 'the map of a city',
    path: `/api/listings/map?${paris}&zoom=14`,
    index: { sqlite: /listing_area VIRTUAL TABLE/, postgres: /on listing_place\b/ },
  },
  {
    name: 'an area',
    path: `/api/listings?${parisC}`,
    index: { sqlite: /listing_area VIRTUAL TABLE/, postgres: /on listing_place\b/ },
  },
  {
    name: 'an area by price',
    path: `/api/listings?${parisC}&sort=price-asc`,
    index: { sqlite: /listing_area VIRTUAL TABLE/, postgres: /on listing_place\b/ },
  },
  {
    name: 'the map of an area',
    path: `/api/listings/map?${world}&zoom=14&${parisC}`,
    index: { sqlite: /listing_area VIRTUAL TABLE/, postgres: /on listing_place\b/ },
  },
  {
    name: 'the map of the world',
    path: `/api/listings/map?${world}&zoom=2`,
    index: { sqlite: /listing_map_cell\b/, postgres: /on listing_map_cell\b/ },
    allMatch: true,
  },
  {
    name: 'the map of the world, one type off offer',
    path: `/api/listings/map?${world}&zoom=3&type=rent&offer=false`,
    index: { sqlite: /listing_map_cell\b/, postgres: /listing_map_cell/ },
  },
  {
    name: 'a word of a few descriptions',
    path: '/api/listings?q=wisteria',
    index: {
      sqlite: /listing_description_text VIRTUAL TABLE/,
      postgres: /listing_description_search/,
    },
  },
  {
    name: 'a word of many descriptions by price',
    path: '/api/listings?q=parquet&sort=price-asc',
    index: { sqlite: /INDEX listing_price\b/, postgres: /using listing_price\b/ },
  },
  {
    name: 'a home type and an area by price',
    path: '/api/listings?homeType=house,townhouse&minArea=50&sort=price-asc',
    index: {
      sqlite: /MERGE \(UNION ALL\)[^]*INDEX listing_home_type_price \(homeType=\?\)/,
      postgres: /Merge Append/,
    },
    inOrder: true,
  },
  {
    name: 'rentals of two home types, newest first',
    path: '/api/listings?type=rent&homeType=apartment,house',
    index: {
      sqlite: /MERGE \(UNION ALL\)[^]*INDEX listing_home_type_newest \(homeType=\?\)/,
      postgres: /Merge Append/,
    },
    inOrder: true,
  },
  {
    name: 'rentals available by a date, with pets',
    path: '/api/listings?type=rent&availableBy=2026-12-01&petsAllowed=true',
    index: { sqlite: /INDEX listing_type_newest\b/, postgres: /using listing_(type_)?newest\b/ },
    inOrder: true,
  },
  {
    name: 'the map of the world, a word of a few descriptions',
    path: `/api/listings/map?${world}&zoom=2&q=wisteria`,
    index: {
      sqlite: /listing_description_text VIRTUAL TABLE/,
      postgres: /listing_description_search/,
    },
  },
  {
    name: 'the map of the world, a rare word',
    path: `/api/listings/map?${world}&zoom=2&q=zephyr`,
    index: { sqlite: /listing_text VIRTUAL TABLE/, postgres: /listing_search/ },
  },
]

describe.each(dialects)('search statements on %s', (dialect) => {
  let few: TestApp
  let many: TestApp

  beforeAll(async () => {
    few = await library(dialect, 500)
    many = await library(dialect, 3000)
  }, 60_000)
  afterAll(async () => {
    await few?.close()
    await many?.close()
  })

  /**
   * Statements each search runs: the first time (nothing cached), again (the cached response,
   * after a check of the listings' version), and after a write (the check, then the read).
   */
  async function measure(t: TestApp) {
    const counts: Record<string, number[]> = {}
    const owner = await createUser(t.context)
    const run = async () => {
      for (const { name, path } of searches) {
        const count = await countStatements(dialect, async () => {
          const { status } = await requestJson(t.app, path)
          expect(status, path).toBe(200)
        })
        ;(counts[name] ??= []).push(count)
      }
    }
    await run()
    await run()
    await insertListing(t.context, { userRef: owner.id, timestamp: 0, lat: -60, lng: 100 })
    await run()
    return counts
  }

  it('runs as many statements per search with 500 listings as with 3000', async () => {
    const withFew = await measure(few)
    const withMany = await measure(many)
    expect(withMany).toEqual(withFew)
    for (const [search, [first, cached, afterWrite]] of Object.entries(withMany)) {
      expect(cached, search).toBe(1)
      expect(afterWrite, search).toBe(first! + 1)
    }
  })

  /** The plans of every statement that `path` sends, each with its SQL. */
  async function plans(t: TestApp, path: string) {
    const statements = await recordStatements(dialect, async () => {
      // A parameter the route does not know: read from the database, never the response cache.
      const { status } = await requestJson(t.app, `${path}&_=plan`)
      expect(status, path).toBe(200)
    })
    expect(statements.length, path).toBeGreaterThan(0)
    return Promise.all(
      statements.map(async (statement) => ({
        sql: statement.sql,
        plan: await queryPlan(t.context.db, () => ({
          compile: () => CompiledQuery.raw(statement.sql, statement.parameters),
        })),
      })),
    )
  }

  it.each(searches)('reads $name by its index, never a scan of the listings', async (search) => {
    const explained = await plans(many, search.path)
    for (const { sql: text, plan } of explained) {
      const bounded = search.allMatch === true && /\blimit 201\s*$/.test(text)
      if (!bounded) expect(scansTable(plan, 'listing'), `${text}\n${plan.join('\n')}`).toBe(false)
    }
    const lines = explained.flatMap(({ plan }) => plan).join('\n')
    expect(lines).toMatch(search.index[dialect])
    // A sort, not the merge of ranges already in order (PostgreSQL's Merge Append has a Sort Key).
    if (search.inOrder) expect(inOrder(lines)).toBe(true)
  })

  /**
   * Whether a plan sorts nothing but a home type's page (SQLite sorts each page of a union, a
   * `limit` of rows, for its merge).
   */
  function inOrder(lines: string) {
    const pages = /SCAN type\d+\nUSE TEMP B-TREE FOR ORDER BY\n/g
    return !/TEMP B-TREE FOR ORDER BY|(^|->\s+)Sort\b/m.test(lines.replace(pages, ''))
  }

  it("reads the owner's list, and the owner's search, of every status by the owner's index", async () => {
    const owner = ownerOf.get(many)!
    for (const path of [
      `/api/listings?userRef=${owner}`,
      `/api/listings?userRef=${owner}&q=cottage&sort=price-asc`,
      `/api/listings?userRef=${owner}&${paris}`,
    ]) {
      const lines = (await plans(many, path)).flatMap(({ plan }) => plan)
      expect(scansTable(lines, 'listing'), path).toBe(false)
      expect(lines.join('\n'), path).toMatch(/listing_owner_newest\b/)
    }
  })

  it("reads a landlord's active listings (their public page) by an index", async () => {
    // A landlord with a few homes among thousands: their own index is the way to them.
    const landlord = await createUser(many.context)
    await insertListings(
      many.context,
      Array.from({ length: 12 }, (_, n) => ({
        ...libraryListing(landlord.id, n, 12),
        status: n % 4 === 0 ? ('sold' as const) : ('active' as const),
      })),
    )
    if (dialect === 'postgres') await sql`vacuum analyze listing`.execute(many.context.db.kysely)
    const small = `/api/listings?userRef=${landlord.id}&status=active`
    const smallLines = (await plans(many, small)).flatMap(({ plan }) => plan)
    expect(scansTable(smallLines, 'listing'), small).toBe(false)
    expect(smallLines.join('\n'), small).toMatch(/listing_owner_newest\b/)
    // The owner of every other listing: any sort index serves, none reads the whole table.
    const large = `/api/listings?userRef=${ownerOf.get(many)!}&status=active`
    expect(
      scansTable(
        (await plans(many, large)).flatMap(({ plan }) => plan),
        'listing',
      ),
    ).toBe(false)
  })

  it('reads a page deep in the price sort by the price index', async () => {
    let cursor: string | null = null
    for (let page = 0; page < 5; page++) {
      const url: string = `/api/listings?sort=price-asc&limit=50${cursor ? `&cursor=${cursor}` : ''}`
      cursor = (await requestJson<ListingPage>(many.app, url)).body.nextCursor
    }
    const explained = await plans(many, `/api/listings?sort=price-asc&limit=50&cursor=${cursor}`)
    const lines = explained.flatMap(({ plan }) => plan)
    expect(scansTable(lines, 'listing')).toBe(false)
    expect(lines.join('\n')).toMatch(/listing_price\b/)
  })

  it('reads a later page of two home types by their ranges, from the cursor on', async () => {
    const path = '/api/listings?homeType=apartment,house&sort=price-desc&limit=50'
    const { nextCursor } = (await requestJson<ListingPage>(many.app, path)).body
    const explained = await plans(many, `${path}&cursor=${nextCursor}`)
    const lines = explained.flatMap(({ plan }) => plan).join('\n')
    expect(lines).toMatch(
      dialect === 'sqlite'
        ? /INDEX listing_home_type_price \(homeType=\? AND \(price,id\)<\(\?,\?\)\)/
        : /Merge Append/,
    )
    expect(inOrder(lines)).toBe(true)
  })
})
