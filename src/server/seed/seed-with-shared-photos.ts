// `npm run seed -- --photos shared`: the demo's users and listings in batches, every listing showing
// two or three of a handful of photos made once. Drawing photos per listing is what makes the
// default seed slow (10,000 listings took over ten minutes); this one writes a million in minutes.
import { hashPassword } from 'better-auth/crypto'
import sharp from 'sharp'
import type { AppContext } from '../app.js'
import type { Db } from '../db/database.js'
import { newId } from '../ids.js'
import { sharedImagePrefix, type MediaStore } from '../media/media-store.js'
import { storeImageVariants } from '../media/images.js'
import {
  batchSize,
  insertListingRows,
  insertUserRows,
  updatePlannerStatistics,
} from './bulk-insert.js'
import { seedDemoViewings } from './demo-viewings.js'
import { houseSvg } from './house-image.js'
import { seededRandom } from './random.js'
import { demoAccount, demoHome, demoListingSpacingMs, demoUser, demoViewingsUpTo } from './seed.js'

/** How many photos the listings share. */
export const sharedPhotoCount = 10

/** A large run's listings all lie within this time before now, whatever their number. */
const yearMs = 365 * 24 * 60 * 60 * 1000

export async function seedWithSharedPhotos(
  context: Pick<AppContext, 'db' | 'listings' | 'media' | 'viewingSlots'>,
  counts: { users: number; listings: number },
): Promise<{ users: number; listings: number }> {
  const userIds = await ensureDemoUsers(context.db, counts.users)
  if (userIds.length === 0) return { users: 0, listings: 0 }
  const photos = counts.listings > 0 ? await storeSharedPhotos(context.media) : []

  const start = await context.listings.count()
  const now = Date.now()
  const spacingMs = Math.min(demoListingSpacingMs, Math.floor(yearMs / counts.listings))
  const withViewings: { id: string; lat: number; lng: number }[] = []
  await insertListingRows(context.db, counts.listings, (j) => {
    const index = start + j
    const { imageCount, ...home } = demoHome(seededRandom(index + 1), index)
    const id = newId()
    if (counts.listings <= demoViewingsUpTo && j % 3 === 0) withViewings.push({ id, ...home })
    return {
      ...home,
      id,
      userRef: userIds[j % userIds.length]!,
      // Neighbours show different photos: listing n starts at photo 3n.
      images: JSON.stringify(
        Array.from({ length: imageCount }, (_, k) => photos[(3 * index + k) % photos.length]!),
      ),
      timestamp: now - j * spacingMs,
    }
  })
  await updatePlannerStatistics(context.db)
  await seedDemoViewings(context, withViewings, now)
  return { users: userIds.length, listings: counts.listings }
}

/**
 * Demo accounts 0 to count - 1 (as the default seed names them), made where missing. Better Auth
 * hashes a password slowly on purpose: the hash of the demo's password is made once, and every
 * new account gets it, so each signs in with that password.
 */
async function ensureDemoUsers(db: Db, count: number): Promise<string[]> {
  const wanted = Array.from({ length: count }, (_, k) => demoUser(k))
  const existing = new Map<string, string>()
  for (let start = 0; start < wanted.length; start += batchSize) {
    const emails = wanted.slice(start, start + batchSize).map((user) => user.email)
    const rows = await db.kysely
      .selectFrom('user')
      .select(['id', 'email'])
      .where('email', 'in', emails)
      .execute()
    for (const row of rows) existing.set(row.email, row.id)
  }
  const missing = wanted.filter((user) => !existing.has(user.email))
  if (missing.length > 0) {
    // Better Auth's own hash function: auth.ts sets none of its own (the test signs the users in).
    const ids = await insertUserRows(db, missing, await hashPassword(demoAccount.password))
    missing.forEach((user, k) => existing.set(user.email, ids[k]!))
  }
  return wanted.map((user) => existing.get(user.email)!)
}

/** Draws the shared photos and stores their variants in the media store; returns their keys. */
async function storeSharedPhotos(media: MediaStore): Promise<string[]> {
  const keys: string[] = []
  for (let n = 0; n < sharedPhotoCount; n++) {
    const png = await sharp(Buffer.from(houseSvg(seededRandom(n + 1))))
      .png()
      .toBuffer()
    keys.push(
      await storeImageVariants(media, `${sharedImagePrefix}house-${n + 1}.png-${newId()}`, png),
    )
  }
  return keys
}
