// Copied photos through the API on every database: a listing published with another owner's photo,
// resized and recompressed, is reported as 'duplicate' naming the other listing once the job has
// run; an owner's own photo and a distinct photo are not. The figures of the hash itself are
// measured in src/server/media/photo-hash.test.ts.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing } from '../../shared/listing'
import type { ModerationList } from '../../shared/report'
import { queryPlan, scansTable } from '../../../tests/support/query-plan'
import { storeReadyUpload } from '../../../tests/support/ready-upload'
import { signUpAndIn, type SignedInUser } from '../../../tests/support/sign-in'
import {
  createTestApp,
  dialects,
  requestJson,
  sendJson,
  validListingBody,
  type TestApp,
} from '../../../tests/support/test-app'
import { markEmailVerified } from '../../../tests/support/verified-email'
import { seededRandom } from '../seed/random'
import { photoCandidatesQuery } from './photo-hashes.queries'

const moderatorEmail = 'photo-moderator@example.com'

/** A photo of a few coloured shapes on a gradient, the same for the same seed. */
function shapesPhoto(seed: number): Promise<Buffer> {
  const random = seededRandom(seed)
  const colour = () => `rgb(${random.int(0, 255)},${random.int(0, 255)},${random.int(0, 255)})`
  const shapes = Array.from({ length: 8 }, () => {
    const [x, y, size] = [random.int(0, 800), random.int(0, 600), random.int(60, 300)]
    return `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour()}"/><rect x="${y}" y="${x / 2}" width="${size}" height="${size / 2}" fill="${colour()}"/>`
  })
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
<defs><linearGradient id="g"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#g)"/>${shapes.join('')}</svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer()
}

describe.each(dialects)('copied photos on %s', (dialect) => {
  let t: TestApp
  let first: SignedInUser
  let copier: SignedInUser
  let moderator: SignedInUser

  beforeAll(async () => {
    t = await createTestApp(dialect, { MODERATOR_EMAILS: moderatorEmail })
    first = await signUpAndIn(t.context, { name: 'First Owner' })
    copier = await signUpAndIn(t.context, { name: 'Copying Owner' })
    moderator = await signUpAndIn(t.context, { name: 'Moderator', email: moderatorEmail })
    await markEmailVerified(t.context, moderator.id)
  })
  afterAll(() => t?.close())

  async function publish(owner: SignedInUser, photos: Buffer[], name: string): Promise<Listing> {
    const uploads = []
    for (const photo of photos)
      uploads.push((await storeReadyUpload(t.context, owner.id, photo)).id)
    const created = await sendJson(
      t.app,
      'POST',
      '/api/listings',
      { ...validListingBody(uploads), name },
      owner.cookie,
    )
    expect(created.status).toBe(201)
    await t.context.jobs.runDue(t.context.jobHandlers, () => Date.now() + 1000)
    return created.body as unknown as Listing
  }

  const duplicateReports = async (listingId: string) => {
    const { body } = await requestJson<ModerationList>(
      t.app,
      '/api/moderation/reports?status=open',
      {
        headers: { Cookie: moderator.cookie },
      },
    )
    const item = body.items.find((each) => each.listing.id === listingId)
    return item?.reports.filter((report) => report.reason === 'duplicate') ?? []
  }

  it("reports a listing that shows another owner's photo, resized and recompressed", async () => {
    const [original, other] = await Promise.all([shapesPhoto(1), shapesPhoto(2)])
    const listed = await publish(first, [other, original], 'The First Home')
    // The same photo again on the owner's own second listing is no copy.
    const again = await publish(first, [original], 'The Same Owner Again')
    expect(await duplicateReports(again.id)).toEqual([])

    const copy = await sharp(original).resize(560).jpeg({ quality: 40 }).toBuffer()
    const copied = await publish(copier, [await shapesPhoto(3), copy], 'The Copied Home')
    // One report for each listing the photo is on.
    const reports = await duplicateReports(copied.id)
    expect(reports.map((report) => report.duplicateOf?.name).sort()).toEqual([
      'The First Home',
      'The Same Owner Again',
    ])
    expect(reports.map((report) => report.duplicateOf?.id)).toContain(listed.id)
    // The first owner's listings are not reported for the copy made of them.
    expect(await duplicateReports(listed.id)).toEqual([])

    // A listing with photos of its own is not reported.
    const distinct = await publish(copier, [await shapesPhoto(4)], 'A Home Of Its Own')
    expect(await duplicateReports(distinct.id)).toEqual([])
  })

  it("finds candidates by the index of the hashes' bytes", async () => {
    const plan = await queryPlan(t.context.db, (trx) =>
      photoCandidatesQuery(trx, '0123456789abcdef', first.id),
    )
    expect(scansTable(plan, 'photo_hash_block'), plan.join('\n')).toBe(false)
  })
})
