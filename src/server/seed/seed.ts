// Deterministic demo users and listings, with generated images, for `npm start` and `npm run seed`.
import sharp from 'sharp'
import type { ListingType } from '../../shared/listing.js'
import type { AppContext } from '../app.js'
import { newId } from '../ids.js'
import { storeImageVariants } from '../media/images.js'
import { houseSvg } from './house-image.js'
import { seededRandom, type Random } from './random.js'

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

// Real places, so that the address resolves with the offline geocoder and the map shows the right city.
const places = [
  {
    city: 'Paris',
    country: 'France',
    lat: 48.8566,
    lng: 2.3522,
    streets: ['Rue de Rivoli', 'Rue du Bac', 'Avenue de Wagram'],
  },
  {
    city: 'London',
    country: 'United Kingdom',
    lat: 51.5074,
    lng: -0.1278,
    streets: ['Baker Street', 'Camden Road', 'King Street'],
  },
  {
    city: 'New York',
    country: 'United States',
    lat: 40.7128,
    lng: -74.006,
    streets: ['Bleecker Street', 'Park Avenue', 'Grand Street'],
  },
  {
    city: 'Berlin',
    country: 'Germany',
    lat: 52.52,
    lng: 13.405,
    streets: ['Torstraße', 'Kastanienallee', 'Oranienstraße'],
  },
  {
    city: 'Lisbon',
    country: 'Portugal',
    lat: 38.7223,
    lng: -9.1393,
    streets: ['Rua Augusta', 'Rua da Prata', 'Avenida da Liberdade'],
  },
  {
    city: 'Barcelona',
    country: 'Spain',
    lat: 41.3874,
    lng: 2.1686,
    streets: ['Carrer de Verdi', 'Passeig de Gràcia', 'Carrer del Rec'],
  },
  {
    city: 'Amsterdam',
    country: 'Netherlands',
    lat: 52.3676,
    lng: 4.9041,
    streets: ['Prinsengracht', 'Haarlemmerstraat', 'Keizersgracht'],
  },
  {
    city: 'Toronto',
    country: 'Canada',
    lat: 43.6532,
    lng: -79.3832,
    streets: ['Queen Street West', 'Dundas Street', 'King Street East'],
  },
  {
    city: 'Sydney',
    country: 'Australia',
    lat: -33.8688,
    lng: 151.2093,
    streets: ['George Street', 'Oxford Street', 'Bondi Road'],
  },
  {
    city: 'Austin',
    country: 'United States',
    lat: 30.2672,
    lng: -97.7431,
    streets: ['South Congress Avenue', 'Rainey Street', 'East 6th Street'],
  },
  {
    city: 'Dublin',
    country: 'Ireland',
    lat: 53.3498,
    lng: -6.2603,
    streets: ['Grafton Street', 'Camden Street', 'Dame Street'],
  },
  {
    city: 'Vienna',
    country: 'Austria',
    lat: 48.2082,
    lng: 16.3738,
    streets: ['Mariahilfer Straße', 'Praterstraße', 'Burggasse'],
  },
]
const adjectives = [
  'Sunny',
  'Quiet',
  'Modern',
  'Cosy',
  'Bright',
  'Spacious',
  'Charming',
  'Elegant',
  'Stylish',
  'Airy',
]
const kinds = [
  'Loft',
  'Apartment',
  'Townhouse',
  'Cottage',
  'Studio',
  'Family Home',
  'Penthouse',
  'Villa',
  'Flat',
]

export async function seedDemo(
  context: Pick<AppContext, 'auth' | 'users' | 'listings' | 'media'>,
  counts: { users: number; listings: number },
): Promise<{ users: number; listings: number }> {
  const userIds: string[] = []
  for (let k = 0; k < counts.users; k++) userIds.push(await ensureDemoUser(context, k))
  if (userIds.length === 0) return { users: 0, listings: 0 }

  const start = await context.listings.count()
  const now = Date.now()
  for (let j = 0; j < counts.listings; j++) {
    const index = start + j
    const random = seededRandom(index + 1)
    const userRef = userIds[j % userIds.length]!
    const place = random.pick(places)
    const type: ListingType = random.chance(0.55) ? 'rent' : 'sale'
    const regularPrice = type === 'rent' ? random.int(16, 120) * 50 : random.int(150, 2500) * 1000
    const offer = random.chance(0.4)
    const images: string[] = []
    for (let n = 0; n < random.int(2, 3); n++) {
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
    await context.listings.insert({
      id: newId(),
      userRef,
      type,
      name: listingName(random, place.city),
      bedrooms: random.int(1, 5),
      bathrooms: random.int(1, 3),
      parking: random.chance(0.5),
      furnished: random.chance(0.5),
      location: `${random.int(1, 180)} ${random.pick(place.streets)}, ${place.city}, ${place.country}`,
      offer,
      regularPrice,
      discountedPrice: offer
        ? Math.round((regularPrice * random.int(75, 95)) / 100 / 50) * 50
        : null,
      images: JSON.stringify(images),
      lat: place.lat + (random.next() - 0.5) * 0.04,
      lng: place.lng + (random.next() - 0.5) * 0.04,
      // Newest first is index 0 of this run: later indexes are older, an hour and a bit apart.
      timestamp: now - j * 3_900_000,
    })
  }
  return { users: userIds.length, listings: counts.listings }
}

/** Names of 10 to 32 characters (the spec's validation rules). */
function listingName(random: Random, city: string): string {
  const base = `${random.pick(adjectives)} ${random.pick(kinds)}`
  const withCity = `${base} in ${city}`
  return withCity.length <= 32 ? withCity : base.padEnd(10, '!')
}

async function ensureDemoUser(
  context: Pick<AppContext, 'auth' | 'users'>,
  k: number,
): Promise<string> {
  const email = k === 0 ? demoAccount.email : `user${k + 1}@example.com`
  const existing = await context.users.findIdByEmail(email)
  if (existing) return existing
  const { user } = await context.auth.api.signUpEmail({
    body: { name: people[k % people.length]!, email, password: demoAccount.password },
  })
  return user.id
}
