// The rules of the search parameters (the API contract's "Search"): the server validates each list
// and map read with them, and the search page reads its URL with them. They are apart from the
// query strings of listing-requests.ts so that a page that only writes a query (Explore) does not
// load zod: the bundler keeps a module whole, and building a schema looks like a side effect to it.
import { z } from 'zod'
import { idPattern } from './ids.js'
import { listingTypes } from './listing.js'
import { listingSorts, searchLimits, type Bbox } from './listing-requests.js'

const booleanText = z.enum(['true', 'false'], "Must be 'true' or 'false'")
const wholeDollars = z
  .string()
  .regex(/^\d{1,10}$/, 'Must be a whole number of dollars')
  .transform(Number)
const roomCount = z
  .string()
  .regex(/^\d{1,2}$/, `Must be a whole number from 1 to ${searchLimits.rooms.max}`)
  .transform(Number)
  .refine(
    (value) => value >= searchLimits.rooms.min && value <= searchLimits.rooms.max,
    `Must be a whole number from 1 to ${searchLimits.rooms.max}`,
  )

const bboxMessage = 'Must be west,south,east,north in degrees'
const bboxText = z.string().transform((value, ctx): Bbox => {
  const parts = value.split(',')
  const numbers = parts.map((part) => (/^-?\d{1,3}(\.\d{1,12})?$/.test(part) ? Number(part) : NaN))
  const [west, south, east, north] = numbers as [number, number, number, number]
  const valid =
    parts.length === 4 &&
    numbers.every(Number.isFinite) &&
    Math.abs(west) <= 180 &&
    Math.abs(east) <= 180 &&
    Math.abs(south) <= 90 &&
    Math.abs(north) <= 90 &&
    south <= north
  if (!valid) {
    ctx.addIssue({ code: 'custom', message: bboxMessage })
    return z.NEVER
  }
  return { west, south, east, north }
})

/**
 * The filters as query parameters (strings in, `ListingFilter` out). Unknown parameters are
 * ignored; a bad value is an issue on its own parameter's name.
 */
export const listingFilterSchema = z
  .object({
    type: z.enum(listingTypes, "Must be 'rent' or 'sale'").optional(),
    offer: booleanText.transform((value) => value === 'true').optional(),
    userRef: z.string().regex(idPattern, 'Not a user id').optional(),
    status: z.enum(['active'], "Must be 'active'").optional(),
    q: z
      .string()
      .trim()
      .min(searchLimits.textLength.min, 'Must not be empty')
      .max(searchLimits.textLength.max, `Must be at most ${searchLimits.textLength.max} characters`)
      .refine((value) => /[\p{L}\p{N}]/u.test(value), 'Must contain a letter or a digit')
      .optional(),
    minPrice: wholeDollars.optional(),
    maxPrice: wholeDollars.optional(),
    minBedrooms: roomCount.optional(),
    minBathrooms: roomCount.optional(),
    parking: booleanText.transform((value) => value === 'true').optional(),
    furnished: booleanText.transform((value) => value === 'true').optional(),
    bbox: bboxText.optional(),
  })
  .superRefine((filter, ctx) => {
    if (
      filter.minPrice !== undefined &&
      filter.maxPrice !== undefined &&
      filter.minPrice > filter.maxPrice
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['minPrice'],
        message: 'Must not be more than maxPrice',
      })
    }
  })

export const listingSortSchema = z
  .enum(listingSorts, `Must be one of ${listingSorts.join(', ')}`)
  .default('newest')

export const zoomSchema = z
  .string()
  .regex(/^\d{1,2}$/, `Must be a whole number from 0 to ${searchLimits.zoom.max}`)
  .transform(Number)
  .refine(
    (value) => value <= searchLimits.zoom.max,
    `Must be a whole number from 0 to ${searchLimits.zoom.max}`,
  )
