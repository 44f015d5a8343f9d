// One listing schema for the form in the browser and the API on the server (the spec's fields and validation rules).
import { z } from 'zod'
import { isCalendarDate } from './calendar-date.js'
import { geolocationSchema } from './geolocation.js'
import { homeTypes, limits, listingTypes, ownerStatuses } from './listing.js'
import { isPlainLines, isPlainText, plainTextMessage } from './plain-text.js'

export const messages = {
  discount: 'Discounted Price needs to be less than regular price',
  maxImages: 'Max 6 images',
  address: 'Please enter a correct address',
  imagesNotUploaded: 'Images not uploaded',
  closedType: 'Put the listing back on the market before changing its type',
  soldIsForSale: 'Only a listing for sale can be marked sold',
  rentedIsForRent: 'Only a listing for rent can be marked rented',
} as const

export const maxAddressLength = 500

const rooms = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(limits.rooms.min, `At least ${limits.rooms.min}`)
    .max(limits.rooms.max, `At most ${limits.rooms.max}`)

const price = z
  .number({ error: 'Enter a price' })
  .int('Whole dollars only')
  .min(limits.price.min, `At least $${limits.price.min}`)
  .max(limits.price.max, `At most $${limits.price.max.toLocaleString('en-US')}`)

/** Every field of the form except the images, with the spec's rules. */
export const listingFieldsSchema = z.object({
  type: z.enum(listingTypes, { error: 'Choose Sell or Rent' }),
  name: z
    .string({ error: 'Enter a name' })
    .trim()
    .min(limits.nameLength.min, `At least ${limits.nameLength.min} characters`)
    .max(limits.nameLength.max, `At most ${limits.nameLength.max} characters`)
    .refine(isPlainText, plainTextMessage),
  bedrooms: rooms('Bedrooms'),
  bathrooms: rooms('Bathrooms'),
  parking: z.boolean({ error: 'Choose Yes or No' }),
  furnished: z.boolean({ error: 'Choose Yes or No' }),
  address: z
    .string({ error: 'Enter the address' })
    .trim()
    .min(1, 'Enter the address')
    .max(maxAddressLength, `At most ${maxAddressLength} characters`)
    .refine(isPlainLines, plainTextMessage),
  offer: z.boolean({ error: 'Choose Yes or No' }),
  regularPrice: price,
  /** Checked against the range only when offer is on; the discount rule runs either way (the spec's validation rules). */
  discountedPrice: z.number({ error: 'Enter a price' }).int('Whole dollars only').optional(),
})

// Still exported here: the form and the API import it with the facts' rules.
export { isCalendarDate }

const { descriptionLength, floorArea } = limits

/**
 * The facts a portal shows besides the spec's fields: all optional (null or absent is none), so
 * the spec's form still creates a listing without them.
 */
export const listingFactsSchema = z.object({
  description: z
    .string({ error: 'Enter text' })
    .trim()
    .max(
      descriptionLength.max,
      `At most ${descriptionLength.max.toLocaleString('en-US')} characters`,
    )
    .refine(isPlainLines, plainTextMessage)
    .nullish(),
  homeType: z.enum(homeTypes, { error: 'Choose a home type' }).nullish(),
  floorArea: z
    .number({ error: 'Enter the floor area' })
    .int('Whole square metres only')
    .min(floorArea.min, `At least ${floorArea.min} m²`)
    .max(floorArea.max, `At most ${floorArea.max.toLocaleString('en-US')} m²`)
    .nullish(),
  availableFrom: z
    .string({ error: 'Enter a date' })
    .refine(isCalendarDate, 'Enter a date as YYYY-MM-DD')
    .nullish(),
  petsAllowed: z.boolean({ error: 'Choose Yes or No' }).nullish(),
})

export type ListingFacts = z.infer<typeof listingFactsSchema>

export type ListingFields = z.infer<typeof listingFieldsSchema>

/**
 * The spec's validation rules: a discounted price greater than or equal to the regular price is rejected, even when
 * offer is off, using whatever discounted price the form holds.
 */
export function discountIsBelowRegular(
  fields: Pick<ListingFields, 'regularPrice' | 'discountedPrice'>,
): boolean {
  return fields.discountedPrice === undefined || fields.discountedPrice < fields.regularPrice
}

/** Images in the create and edit body: upload ids of new images, URLs of images the listing keeps. */
export const listingImagesSchema = z
  .array(z.string().min(1).max(2048).refine(isPlainText, 'Not an image'), {
    error: 'Add at least one image',
  })
  .min(1, 'Add at least one image')
  .max(limits.maxImages, messages.maxImages)
  .refine((images) => new Set(images).size === images.length, 'An image is listed twice')

/** On offer, the discounted price is required and in the price range (the spec's validation rules); off offer, not. */
function checkOfferPrice(
  fields: Pick<ListingFields, 'offer' | 'discountedPrice'>,
  ctx: z.RefinementCtx,
) {
  if (!fields.offer) return
  const result = price.safeParse(fields.discountedPrice)
  if (!result.success) {
    ctx.addIssue({
      code: 'custom',
      path: ['discountedPrice'],
      message: result.error.issues[0]?.message ?? 'Enter a price',
    })
  }
}

/**
 * The form's own check before anything is sent. The discount rule is not here: the form runs it
 * first on submit, with the spec's toast.
 */
export const listingFormSchema = listingFieldsSchema
  .extend(listingFactsSchema.shape)
  .superRefine(checkOfferPrice)

/** The body of POST /api/listings and PUT /api/listings/:id, checked again by the server. */
export const listingInputSchema = listingFieldsSchema
  // Unknown keys are dropped: a `userRef` (the owner is whoever is signed in), or a `latitude` and
  // `longitude` (the server geocodes the address; the owner's pin is `geolocation`).
  .extend({
    ...listingFactsSchema.shape,
    images: listingImagesSchema,
    geolocation: geolocationSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (!discountIsBelowRegular(input)) {
      ctx.addIssue({ code: 'custom', path: ['discountedPrice'], message: messages.discount })
    }
    checkOfferPrice(input, ctx)
  })

export type ListingInput = z.infer<typeof listingInputSchema>

/** The body of PATCH /api/listings/:id/status. */
export const listingStatusInputSchema = z.object({
  status: z.enum(ownerStatuses, { error: "Choose 'active', 'sold' or 'rented'" }),
})

export type ListingStatusInput = z.infer<typeof listingStatusInputSchema>

/** The spec's form defaults, without latitude and longitude: the address is always geocoded. */
export const listingFormDefaults: ListingFields = {
  type: 'rent',
  name: '',
  bedrooms: 1,
  bathrooms: 1,
  parking: false,
  furnished: false,
  address: '',
  offer: false,
  regularPrice: 0,
  discountedPrice: 0,
}

/** Image files the form accepts (the spec's validation rules); the server checks the content, not the name. */
export const acceptedImageTypes = ['image/jpeg', 'image/png'] as const
export const acceptedImageExtensions = '.jpg,.jpeg,.png'
export const maxImageBytes = 10 * 1024 * 1024
export const maxImagePixels = 40_000_000
