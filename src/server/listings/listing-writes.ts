// Create, edit and delete (SPEC §7 Document writes): the server checks every rule again itself.
import { messages, type ListingInput } from '../../shared/listing-schema.js'
import type { Listing } from '../../shared/listing.js'
import {
  GeocoderUnavailableError,
  geocoderUnavailableMessage,
  type GeocodeResult,
  type Geocoder,
} from '../geocoding/geocoder.js'
import { newId } from '../ids.js'
import { imageFileKeys, type MediaStore } from '../media/media-store.js'
import type { UploadQueries } from '../uploads/uploads.queries.js'
import type { ListingQueries } from './listings.queries.js'

/** An expected refusal, answered as `{ error, fields }` with its status. */
export class ListingWriteError extends Error {
  constructor(
    readonly status: 400 | 422 | 503,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

export function createListingWrites(deps: {
  listings: ListingQueries
  uploads: UploadQueries
  media: MediaStore
  geocoder: Geocoder
}) {
  const { listings, uploads, media, geocoder } = deps

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
   * The image folders of `images`, in order: upload ids must be the caller's finished uploads;
   * URLs must be images the listing already has (`keep`, by URL).
   */
  async function resolveImages(images: string[], userId: string, keep: Map<string, string>) {
    const uploadIds = images.filter((image) => !keep.has(image))
    const keys = await uploads.readyImageKeys(uploadIds, userId)
    if (!keys) {
      throw new ListingWriteError(400, 'Invalid listing', {
        images: 'An image is not one of your finished uploads',
      })
    }
    return { imageKeys: images.map((image) => keep.get(image) ?? keys.get(image)!), uploadIds }
  }

  function row(input: ListingInput, imageKeys: string[], place: GeocodeResult) {
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
      // SPEC §3: removed when offer is false.
      discountedPrice: input.offer ? (input.discountedPrice ?? null) : null,
      images: JSON.stringify(imageKeys),
      lat: place.lat,
      lng: place.lng,
      timestamp: Date.now(),
    }
  }

  return {
    async create(userId: string, input: ListingInput): Promise<Listing> {
      const { imageKeys, uploadIds } = await resolveImages(input.images, userId, new Map())
      const place = await locate(input.address)
      const id = newId()
      await listings.insert({ id, userRef: userId, ...row(input, imageKeys, place) })
      await uploads.markAttached(uploadIds)
      return (await listings.get(id))!
    },

    async update(id: string, userId: string, input: ListingInput, stored: { imageKeys: string[] }) {
      const keep = new Map(stored.imageKeys.map((key) => [media.imageUrl(key), key]))
      const { imageKeys, uploadIds } = await resolveImages(input.images, userId, keep)
      const place = await locate(input.address)
      await listings.update(id, row(input, imageKeys, place))
      await uploads.markAttached(uploadIds)
      const removed = stored.imageKeys.filter((key) => !imageKeys.includes(key))
      await deleteImages(removed)
      return (await listings.get(id))!
    },

    async delete(id: string, stored: { imageKeys: string[] }): Promise<void> {
      await listings.delete(id)
      await deleteImages(stored.imageKeys)
    },
  }

  async function deleteImages(imageKeys: string[]) {
    // The listing is already saved without them: a file that cannot be removed now is logged,
    // not a failure of the request.
    await media.delete(imageKeys.flatMap(imageFileKeys)).catch((error: unknown) => {
      console.error('Could not delete listing images:', error)
    })
  }
}

export type ListingWrites = ReturnType<typeof createListingWrites>
