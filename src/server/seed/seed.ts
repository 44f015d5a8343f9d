// Deterministic demo users and listings, with generated images, for `npm start` and `npm run seed`.
import sharp from 'sharp'
import type { ListingType } from '../../shared/listing.js'
import type { AppContext } from '../app.js'
import { newId } from '../ids.js'
import type { ListingRow } from '../listings/listings.queries.js'
import { storeImageVariants } from '../media/images.js'
import { seedDemoViewings } from './demo-viewings.js'
import { houseSvg } from './house-image.js'
import { demoFacts } from './demo-facts.js'
import { createPriceHistoryQueries } from '../listings/price-history.queries.js'
import { demoPriceHistory } from './demo-price-history.js'
import { bedroomsOf, discountedPrice, homeKindNames, listingName, listingPrice } from './homes.js'
import { seededRandom, type Random } from './random.js'
import { placeOfPoint, tieToPlace } from '../places/place-ties.js'

export const demoAccount = { email: 'demo@example.com', password: 'marketplace' } as const

const people = [
  'Demo Landlord',
  'Alice Martin',
  'Bruno Costa',
  'Chloé Dubois',
  'Daniel Okafor',
  'Emma Johansson',
  'Farid Haddad',
  'Grace Liu',
]

// 18 real cities of 17 countries, so that the address resolves with the offline geocoder, the map
// shows the right city and a search for a city finds something. `rent` is a month's rent of two
// bedrooms there, in dollars: rough, but enough that prices fit the place. `nearWater`: the sea,
// a lake or a river mouth lies near the centre, so the streets reach less far from it.
const places = [
  {
    city: 'Paris',
    country: 'France',
    lat: 48.8566,
    lng: 2.3522,
    rent: 2300,
    streets: ['Rue de Rivoli', 'Rue du Bac', 'Avenue de Wagram'],
  },
  {
    city: 'London',
    country: 'United Kingdom',
    lat: 51.5074,
    lng: -0.1278,
    rent: 2800,
    streets: ['Baker Street', 'Camden Road', 'King Street'],
  },
  {
    city: 'New York',
    country: 'United States',
    lat: 40.7128,
    lng: -74.006,
    rent: 3800,
    streets: ['Bleecker Street', 'Park Avenue', 'Grand Street'],
  },
  {
    city: 'Berlin',
    country: 'Germany',
    lat: 52.52,
    lng: 13.405,
    rent: 1500,
    streets: ['Torstraße', 'Kastanienallee', 'Oranienstraße'],
  },
  {
    city: 'Lisbon',
    nearWater: true,
    country: 'Portugal',
    lat: 38.7223,
    lng: -9.1393,
    rent: 1400,
    streets: ['Rua Augusta', 'Rua da Prata', 'Avenida da Liberdade'],
  },
  {
    city: 'Barcelona',
    nearWater: true,
    country: 'Spain',
    lat: 41.3874,
    lng: 2.1686,
    rent: 1500,
    streets: ['Carrer de Verdi', 'Passeig de Gràcia', 'Carrer del Rec'],
  },
  {
    city: 'Amsterdam',
    country: 'Netherlands',
    lat: 52.3676,
    lng: 4.9041,
    rent: 2200,
    streets: ['Prinsengracht', 'Haarlemmerstraat', 'Keizersgracht'],
  },
  {
    city: 'Toronto',
    nearWater: true,
    country: 'Canada',
    lat: 43.6532,
    lng: -79.3832,
    rent: 2300,
    streets: ['Queen Street West', 'Dundas Street', 'King Street East'],
  },
  {
    city: 'Sydney',
    nearWater: true,
    country: 'Australia',
    lat: -33.8688,
    lng: 151.2093,
    rent: 2500,
    streets: ['George Street', 'Oxford Street', 'Bondi Road'],
  },
  {
    city: 'Tokyo',
    country: 'Japan',
    lat: 35.6895,
    lng: 139.6917,
    rent: 1700,
    streets: ['Omotesando', 'Meiji Dori', 'Aoyama Dori'],
  },
  {
    city: 'Mexico City',
    country: 'Mexico',
    lat: 19.4326,
    lng: -99.1332,
    rent: 900,
    streets: ['Avenida Álvaro Obregón', 'Calle Durango', 'Paseo de la Reforma'],
  },
  {
    city: 'São Paulo',
    country: 'Brazil',
    lat: -23.5505,
    lng: -46.6333,
    rent: 800,
    streets: ['Avenida Paulista', 'Rua Augusta', 'Rua Oscar Freire'],
  },
  {
    city: 'Cape Town',
    nearWater: true,
    country: 'South Africa',
    lat: -33.9249,
    lng: 18.4241,
    rent: 1000,
    streets: ['Long Street', 'Bree Street', 'Kloof Street'],
  },
  {
    city: 'Rome',
    country: 'Italy',
    lat: 41.9028,
    lng: 12.4964,
    rent: 1400,
    streets: ['Via del Corso', 'Via Giulia', 'Via Margutta'],
  },
  {
    city: 'Stockholm',
    nearWater: true,
    country: 'Sweden',
    lat: 59.3293,
    lng: 18.0686,
    rent: 1600,
    streets: ['Drottninggatan', 'Götgatan', 'Hornsgatan'],
  },
  {
    city: 'Austin',
    country: 'United States',
    lat: 30.2672,
    lng: -97.7431,
    rent: 1900,
    streets: ['South Congress Avenue', 'Rainey Street', 'East 6th Street'],
  },
  {
    city: 'Dublin',
    country: 'Ireland',
    lat: 53.3498,
    lng: -6.2603,
    rent: 2400,
    streets: ['Grafton Street', 'Camden Street', 'Dame Street'],
  },
  {
    city: 'Vienna',
    country: 'Austria',
    lat: 48.2082,
    lng: 16.3738,
    rent: 1300,
    streets: ['Mariahilfer Straße', 'Praterstraße', 'Burggasse'],
  },
]

/** Up to this many listings a run, every third gets demo viewing times. */
export const demoViewingsUpTo = 100

/** How much older each demo listing of a run is than the one before. */
export const demoListingSpacingMs = 3_900_000

/**
 * The one demo listing whose owner never confirmed it: listed 80 days ago, it has expired (off the
 * market, its page kept), as stale-listings/ would leave it. A rental not on offer, in a city with
 * another: the lists the browser tests count keep their sizes.
 */
export const demoExpired = { index: 10, listedAgoMs: 80 * 24 * 60 * 60_000 } as const

export async function seedDemo(
  context: Pick<AppContext, 'auth' | 'users' | 'listings' | 'media' | 'db' | 'viewingSlots'>,
  counts: { users: number; listings: number },
): Promise<{ users: number; listings: number }> {
  const userIds: string[] = []
  for (let k = 0; k < counts.users; k++) userIds.push(await ensureDemoUser(context, k))
  if (userIds.length === 0) return { users: 0, listings: 0 }

  const start = await context.listings.count()
  const now = Date.now()
  const priceHistory = createPriceHistoryQueries(context.db)
  const withViewings: { id: string; lat: number; lng: number }[] = []
  for (let j = 0; j < counts.listings; j++) {
    const index = start + j
    const random = seededRandom(index + 1)
    const userRef = userIds[j % userIds.length]!
    const { imageCount, ...home } = demoHome(random, index)
    const images: string[] = []
    for (let n = 0; n < imageCount; n++) {
      const png = await sharp(Buffer.from(houseSvg(random)))
        .png()
        .toBuffer()
      images.push(
        await storeImageVariants(
          context.media,
          `images/${userRef}-house-${index + 1}-${n + 1}.png-${newId()}`,
          png,
        ),
      )
    }
    const id = newId()
    // Newest first is index 0 of this run: later indexes are older, an hour and a bit apart; a few
    // homes whose price has moved were listed weeks ago.
    const [first, ...later] = demoPriceHistory(index, home, now - j * demoListingSpacingMs, now)
    const { at: pricedAt, ...firstPrices } = first!
    const expired = index === demoExpired.index
    const listedAt = expired ? now - demoExpired.listedAgoMs : pricedAt
    const row = {
      ...home,
      ...(expired && { status: 'expired' as const }),
      // Tied as a listing write ties it: the demo's cities are the gazetteer's.
      placeId: await tieToPlace(context.db.kysely, placeOfPoint(home)),
      images: JSON.stringify(images),
      timestamp: listedAt,
    }
    // Listed at its first price; each later one recorded as an edit records it, today's last.
    await context.listings.insert({ ...row, ...firstPrices, id, userRef })
    for (const prices of later) await priceHistory.record(id, prices, prices.at)
    if (later.length > 0) {
      await context.listings.update(id, row)
      // An edit confirms a listing is still available (stale-listings/).
      await context.listings.confirm(id, later.at(-1)!.at)
    }
    if (counts.listings <= demoViewingsUpTo && j % 3 === 0) withViewings.push({ id, ...home })
  }
  await seedDemoViewings(context, withViewings, now)
  return { users: userIds.length, listings: counts.listings }
}

/** A demo listing's own fields, and how many pictures to draw for it. */
export type DemoHome = Omit<ListingRow, 'id' | 'userRef' | 'images' | 'timestamp'> & {
  imageCount: number
}

/**
 * The home of the demo's listing number `index` (0 is the first ever seeded), picked with `random`.
 * The places take turns, so the first listings already cover every city. Its dates count from `now`.
 */
export function demoHome(random: Random, index: number, now = Date.now()): DemoHome {
  const placeIndex = index % places.length
  const place = places[placeIndex]!
  const type: ListingType = random.chance(0.55) ? 'rent' : 'sale'
  const kind = random.pick(homeKindNames)
  const bedrooms = bedroomsOf(random, kind)
  const regularPrice = listingPrice(random, type, bedrooms, place.rent)
  const offer = random.chance(0.4)
  const name = listingName(random, kind, place.city, type)
  const bathrooms = random.int(1, Math.max(1, bedrooms - 1))
  const parking = random.chance(0.5)
  const furnished = random.chance(0.5)
  const number = random.int(1, 180)
  const street = random.pick(place.streets)
  // The name's first word is its adjective: 'Sunny Loft in Paris'.
  const adjective = name.split(' ')[0]!
  const described = { kind, type, adjective, city: place.city, street, bedrooms, bathrooms }
  const facts = demoFacts(index, { ...described, parking, furnished }, now)
  return {
    type,
    name,
    bedrooms,
    bathrooms,
    parking,
    furnished,
    location: `${number} ${street}, ${place.city}, ${place.country}`,
    offer,
    regularPrice,
    discountedPrice: offer ? discountedPrice(random, regularPrice, type) : null,
    ...alongStreet(random, place, placeIndex, place.streets.indexOf(street)),
    imageCount: random.int(2, 3),
    ...facts,
  }
}

/** How far from the centre a street runs: smaller where water is near the centre. */
const streetReachKm = 2.5
const kmPerDegree = 111.32

/**
 * A point on the home's street: each street of a city is a straight line of its own through the
 * city (its direction and its distance from the centre picked once per street), so the homes
 * of a city stand along its streets, apart, and not on its centre.
 */
function alongStreet(
  random: Random,
  place: (typeof places)[number],
  placeIndex: number,
  streetIndex: number,
): { lat: number; lng: number } {
  const line = seededRandom(1000 * (placeIndex + 1) + streetIndex)
  const reach = streetReachKm * (place.nearWater ? 0.5 : 1)
  const angle = line.next() * Math.PI
  const offsetKm = (line.next() - 0.5) * reach
  const alongKm = (random.next() - 0.5) * 2 * reach
  // Homes on both sides of the street.
  const acrossKm = offsetKm + (random.next() - 0.5) * 0.04
  const eastKm = alongKm * Math.cos(angle) - acrossKm * Math.sin(angle)
  const northKm = alongKm * Math.sin(angle) + acrossKm * Math.cos(angle)
  return {
    lat: place.lat + northKm / kmPerDegree,
    lng: place.lng + eastKm / (kmPerDegree * Math.cos((place.lat * Math.PI) / 180)),
  }
}

/** The name and address of demo account number `k`; they all share the demo's password. */
export function demoUser(k: number): { name: string; email: string } {
  return {
    name: people[k % people.length]!,
    email: k === 0 ? demoAccount.email : `user${k + 1}@example.com`,
  }
}

/**
 * The demo account number `k`, made if missing. Its address is verified: it is ours (example.com),
 * and the demo should show what a verified account sees. The seed's sign-up sends no mail.
 */
async function ensureDemoUser(
  context: Pick<AppContext, 'auth' | 'users' | 'db'>,
  k: number,
): Promise<string> {
  const { name, email } = demoUser(k)
  const id =
    (await context.users.findIdByEmail(email)) ??
    (await context.auth.api.signUpEmail({ body: { name, email, password: demoAccount.password } }))
      .user.id
  const { db } = context
  await db.kysely
    .updateTable('user')
    .set({ emailVerified: db.bool(true) })
    .where('id', '=', id)
    .execute()
  return id
}
