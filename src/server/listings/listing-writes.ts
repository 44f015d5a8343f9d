// Create, edit and delete (the spec's document writes): the server checks every rule again itself,
// and each write happens whole or not at all.
import { pinIsNearAddress, pinTooFarMessage } from '../../shared/geolocation.js'
import { messages, type ListingInput } from '../../shared/listing-schema.js'
import {
  closedStatusOf,
  type Geolocation,
  type Listing,
  type OwnerStatus,
} from '../../shared/listing.js'
import type { ListingAlerts } from './listing-alerts.js'
import type { ListingPhotoChecks } from './listing-photo-checks.js'
import type { Db } from '../db/database.js'
import {
  GeocoderUnavailableError,
  geocoderUnavailableMessage,
  type GeocodeResult,
  type Geocoder,
} from '../geocoding/geocoder.js'
import { newId } from '../ids.js'
import { placeOfPoint, tieToPlace } from '../places/place-ties.js'
import { imageFileKeys, sharedImagePrefix, type MediaStore } from '../media/media-store.js'
import { createUploadQueries } from '../uploads/uploads.queries.js'
import type { BookingQueries } from '../viewings/bookings.queries.js'
import { createListingQueries } from './listings.queries.js'
import { createPriceHistoryQueries } from './price-history.queries.js'

/** An expected rejection, sent as an error response `{ error, fields }` with its status. */
export class ListingWriteError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422 | 503,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

const notFound = () => new ListingWriteError(404, 'Listing not found')
const notOwner = () => new ListingWriteError(403, 'You cannot edit this listing')
const notYourUploads = () =>
  new ListingWriteError(400, 'Invalid listing', {
    images: 'An image is not one of your finished uploads',
  })
const listedTwice = () =>
  new ListingWriteError(400, 'Invalid listing', { images: 'An image is listed twice' })
const closedTypeChange = () =>
  new ListingWriteError(400, 'Invalid listing', { type: messages.closedType })
const pinTooFar = () =>
  new ListingWriteError(400, 'Invalid listing', { geolocation: pinTooFarMessage })
const hiddenByModerator = () =>
  new ListingWriteError(
    409,
    'A moderator hid this listing: its status stays until a moderator shows it again',
  )
const statusOfOtherType = (status: 'sold' | 'rented') => {
  const message = status === 'sold' ? messages.soldIsForSale : messages.rentedIsForRent
  return new ListingWriteError(400, message, { status: message })
}

export function createListingWrites(deps: {
  db: Db
  media: MediaStore
  geocoder: Geocoder
  listingAlerts: ListingAlerts
  /** new photos are checked against other owners' photos */
  photoChecks: ListingPhotoChecks
  /** closing or deleting a listing cancels its future viewings */
  bookings: Pick<BookingQueries, 'cancelFutureBookings'>
  /** the time now, in ms */
  now?: () => number
}) {
  const { db, media, geocoder, listingAlerts, photoChecks, bookings } = deps
  const now = deps.now ?? Date.now

  async function locate(address: string): Promise<GeocodeResult> {
    let place: GeocodeResult | null
    try {
      place = await geocoder.geocode(address)
    } catch (error) {
      if (!(error instanceof GeocoderUnavailableError)) throw error
      throw new ListingWriteError(503, geocoderUnavailableMessage)
    }
    if (!place) throw new ListingWriteError(422, messages.address, { address: messages.address })
    return place
  }

  /**
   * Where the listing goes: the owner's pin when it is near the address, else the address's point;
   * and the city the geocoder named, which its place is when near enough (places/place-ties.ts).
   */
  async function placeOf(input: ListingInput): Promise<Geolocation & { namedPlaceId?: number }> {
    const place = await locate(input.address)
    const namedPlaceId = place.placeId
    if (!input.geolocation) return { lat: place.lat, lng: place.lng, namedPlaceId }
    if (!pinIsNearAddress(input.geolocation, place)) throw pinTooFar()
    return { ...input.geolocation, namedPlaceId }
  }

  function row(input: ListingInput, imageKeys: string[], place: Geolocation) {
    return {
      type: input.type,
      name: input.name,
      bedrooms: input.bedrooms,
      bathrooms: input.bathrooms,
      parking: input.parking,
      furnished: input.furnished,
      location: input.address,
      offer: input.offer,
      regularPrice: input.regularPrice,
      // The spec's fields: removed when offer is false.
      discountedPrice: input.offer ? (input.discountedPrice ?? null) : null,
      images: JSON.stringify(imageKeys),
      lat: place.lat,
      lng: place.lng,
      timestamp: Date.now(),
      // The body replaces the listing whole: a fact it leaves out is cleared.
      description: input.description ?? '',
      homeType: input.homeType ?? null,
      floorArea: input.floorArea ?? null,
      availableFrom: input.availableFrom ?? null,
      petsAllowed: input.petsAllowed ?? null,
    }
  }

  /**
   * Files go only once the database no longer points at them, then their released uploads are
   * forgotten. A failure (or a crash before this) is logged, not fatal: the stale-upload cleanup
   * finds the released uploads and removes their files later.
   */
  async function deleteImages(released: string[]) {
    const imageKeys = released.filter((key) => !key.startsWith(sharedImagePrefix))
    if (imageKeys.length === 0) return
    try {
      await media.delete(imageKeys.flatMap(imageFileKeys))
      await createUploadQueries(db).forget(imageKeys)
    } catch (error) {
      console.error('Could not delete listing images (the upload cleanup will retry):', error)
    }
  }

  return {
    async create(userId: string, input: ListingInput): Promise<Listing> {
      const place = await placeOf(input)
      const placeId = await tieToPlace(db.kysely, placeOfPoint(place, place.namedPlaceId))
      const id = newId()
      // The new listing is read inside the transaction: a delete right after must not empty it.
      return db.kysely.transaction().execute(async (trx) => {
        const claimed = await createUploadQueries(db, trx).claim(input.images, userId)
        if (!claimed) throw notYourUploads()
        const imageKeys = input.images.map((uploadId) => claimed.get(uploadId)!)
        const inTrx = createListingQueries(db, media, trx, now)
        await inTrx.insert({ id, userRef: userId, ...row(input, imageKeys, place), placeId }, now())
        const listing = (await inTrx.get(id, { withHidden: true }))!
        // Its matching is queued in the same transaction: never lost to a crash after the insert.
        await listingAlerts.listingCreated(trx, listing)
        await photoChecks.photosChanged(trx, id)
        return listing
      })
    },

    async update(id: string, userId: string, input: ListingInput): Promise<Listing> {
      const place = await placeOf(input)
      const placeId = await tieToPlace(db.kysely, placeOfPoint(place, place.namedPlaceId))
      const { saved, removed } = await db.kysely.transaction().execute(async (trx) => {
        const inTrx = createListingQueries(db, media, trx, now)
        // Read again under the transaction: another edit or a delete may have come first.
        const stored = await inTrx.getStored(id, { lock: true })
        if (!stored) throw notFound()
        if (stored.userRef !== userId) throw notOwner()
        // A closed listing is a sale sold or a rental rented; another type would make it neither.
        if (stored.status !== 'active' && input.type !== stored.type) throw closedTypeChange()
        // The listing's own images may be named by their URLs or by the uploads they came from.
        const uploadsInTrx = createUploadQueries(db, trx)
        const kept = new Map([
          ...stored.imageKeys.map((key) => [media.imageUrl(key), key] as const),
          ...(await uploadsInTrx.attachedTo(stored.imageKeys)),
        ])
        const uploadIds = input.images.filter((image) => !kept.has(image))
        const claimed = await uploadsInTrx.claim(uploadIds, userId)
        if (!claimed) throw notYourUploads()
        const imageKeys = input.images.map((image) => kept.get(image) ?? claimed.get(image)!)
        // One image named twice, once by its URL and once by its upload.
        if (new Set(imageKeys).size !== imageKeys.length) throw listedTwice()
        const edited = row(input, imageKeys, place)
        await inTrx.update(id, { ...edited, placeId })
        await inTrx.confirm(id, now())
        const priceChange = await createPriceHistoryQueries(db, trx).record(id, edited, now())
        const gone = stored.imageKeys.filter((key) => !imageKeys.includes(key))
        await uploadsInTrx.release(gone)
        if (imageKeys.some((key) => !stored.imageKeys.includes(key)) || gone.length > 0) {
          await photoChecks.photosChanged(trx, id)
        }
        const saved = (await inTrx.get(id, { withHidden: true }))!
        // The savers hear of the change the history recorded, so the mail and the history agree.
        await listingAlerts.listingUpdated(trx, saved, priceChange)
        return { saved, removed: gone }
      })
      await deleteImages(removed)
      return saved
    },

    /**
     * Marks a listing sold or rented, or puts it back on the market: the one place its owner
     * changes a status, so what follows a listing's closing happens here too. A hidden listing's
     * status is the moderators' (moderation/hidden-listings.ts).
     */
    async changeStatus(id: string, userId: string, status: OwnerStatus): Promise<Listing> {
      return db.kysely.transaction().execute(async (trx) => {
        const inTrx = createListingQueries(db, media, trx, now)
        const stored = await inTrx.getStored(id, { lock: true })
        if (!stored) throw notFound()
        if (stored.userRef !== userId) throw notOwner()
        if (stored.status === 'hidden') throw hiddenByModerator()
        if (status !== 'active' && status !== closedStatusOf[stored.type]) {
          throw statusOfOtherType(status)
        }
        if (status !== stored.status) await inTrx.setStatus(id, status)
        // Put back on the market (an expired listing relisted): its owner has just confirmed it.
        if (status === 'active') await inTrx.confirm(id, now())
        const listing = (await inTrx.get(id))!
        // In the same transaction: the savers' 'No longer available' mails are never lost. An
        // expired listing's savers were not told it left the market; they are told now.
        if (status !== 'active' && status !== stored.status) {
          await listingAlerts.listingClosed(trx, listing)
          await bookings.cancelFutureBookings(trx, id, now(), { closedAs: status })
        }
        return listing
      })
    },

    async delete(id: string, userId: string): Promise<void> {
      const removed = await db.kysely.transaction().execute(async (trx) => {
        const inTrx = createListingQueries(db, media, trx, now)
        const stored = await inTrx.getStored(id, { lock: true })
        if (!stored) throw notFound()
        if (stored.userRef !== userId) throw notOwner()
        // Told before the rows go: the cancellation mails carry what they say.
        await bookings.cancelFutureBookings(trx, id, now(), {})
        await inTrx.delete(id)
        await createUploadQueries(db, trx).release(stored.imageKeys)
        return stored.imageKeys
      })
      await deleteImages(removed)
    },
  }
}

export type ListingWrites = ReturnType<typeof createListingWrites>
