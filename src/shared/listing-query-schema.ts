// The one parser of a listing query (the API contract's "Search"): the API validates each list and
// map request with it, a saved search its query, and the search page and the server-rendered pages
// read their address with it. It is apart from listing-query.ts so that a page that only writes a
// query (Explore) does not load zod: the bundler keeps a module whole, and building a schema looks
// like a side effect to it.
import { z } from 'zod'
import { idPattern } from './ids.js'
import { isCalendarDate } from './calendar-date.js'
import { homeTypes, limits, listingTypes, type HomeType } from './listing.js'
import { decodeCursor } from './listing-cursor.js'
import type { ListingQuery, ListingSearch } from './listing-query.js'
import { listingSorts, searchLimits, type Bbox, type ListingFilter } from './listing-requests.js'
import { readPolygon, type Polygon } from './polygon.js'

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

const areaMessage = `Must be a whole number of square metres from ${searchLimits.floorArea.min} to ${searchLimits.floorArea.max}`
const squareMetres = z
  .string()
  .regex(/^\d{1,6}$/, areaMessage)
  .transform(Number)
  .refine(
    (value) => value >= searchLimits.floorArea.min && value <= searchLimits.floorArea.max,
    areaMessage,
  )

const homeTypeMessage = `Must be one or more of ${homeTypes.join(', ')}, separated by commas`
/** 'house,studio': each a home type; out in `homeTypes` order, none twice, whatever order came in. */
const homeTypeList = z.string().transform((value, ctx): HomeType[] => {
  const given = value.split(',')
  if (!given.every((type) => (homeTypes as readonly string[]).includes(type))) {
    ctx.addIssue({ code: 'custom', message: homeTypeMessage })
    return z.NEVER
  }
  return homeTypes.filter((type) => given.includes(type))
})

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

const placeMessage = 'Must be a place id (a positive whole number)'
const polygonText = z.string().transform((value, ctx): Polygon => {
  const read = readPolygon(value)
  if ('problem' in read) {
    ctx.addIssue({ code: 'custom', message: read.problem })
    return z.NEVER
  }
  return read.polygon
})

/** The filter's parameters, each checked on its own. */
const filterShape = {
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
  homeType: homeTypeList.optional(),
  minArea: squareMetres.optional(),
  maxArea: squareMetres.optional(),
  availableBy: z.string().refine(isCalendarDate, 'Must be a date as YYYY-MM-DD').optional(),
  // Only 'true': listings that say nothing of pets are left out then, and 'false' would be a
  // filter nobody asks for.
  petsAllowed: z
    .enum(['true'], "Must be 'true'")
    .transform((): true => true)
    .optional(),
  bbox: bboxText.optional(),
  place: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, placeMessage)
    .transform(Number)
    // The databases keep a place id in a 32-bit integer.
    .refine((value) => value <= 2 ** 31 - 1, placeMessage)
    .optional(),
  polygon: polygonText.optional(),
}

/** The parameters together: a price or area range must not be upside down. */
function checkRanges(filter: ListingFilter, ctx: z.RefinementCtx) {
  const ranges = [
    ['minPrice', 'maxPrice'],
    ['minArea', 'maxArea'],
  ] as const
  for (const [min, max] of ranges) {
    const low = filter[min]
    const high = filter[max]
    if (low !== undefined && high !== undefined && low > high) {
      ctx.addIssue({ code: 'custom', path: [min], message: `Must not be more than ${max}` })
    }
  }
}

/**
 * The filter as query parameters (strings in, `ListingFilter` out). Unknown parameters are
 * ignored; a bad value is an issue on its own parameter's name.
 */
export const listingFilterSchema = z.object(filterShape).superRefine(checkRanges)

export const listingSortSchema = z
  .enum(listingSorts, `Must be one of ${listingSorts.join(', ')}`)
  .default('newest')

/** A cursor is checked against its filter and sort where the page is read (read-listing-page.ts). */
const cursorSchema = z
  .string()
  .refine((value) => decodeCursor(value) !== undefined, 'Not a cursor from this API')

/** GET /api/listings: a page of a query (`ListingQuery`). */
export const listingQuerySchema = z
  .object({
    ...filterShape,
    sort: listingSortSchema,
    limit: z.coerce.number().int().min(1).max(limits.maxPageSize).default(limits.pageSize),
    cursor: cursorSchema.optional(),
  })
  .superRefine(checkRanges)
  .transform(({ sort, limit, cursor, ...filter }): ListingQuery => ({
    filter,
    sort,
    limit,
    ...(cursor !== undefined && { cursor }),
  }))

/** The names of the query parameters a listing query reads. */
export const listingQueryParameterNames: ReadonlySet<string> = new Set([
  ...Object.keys(filterShape),
  'sort',
  'limit',
  'cursor',
])

const zoomSchema = z
  .string()
  .regex(/^\d{1,2}$/, `Must be a whole number from 0 to ${searchLimits.zoom.max}`)
  .transform(Number)
  .refine(
    (value) => value <= searchLimits.zoom.max,
    `Must be a whole number from 0 to ${searchLimits.zoom.max}`,
  )

/** GET /api/listings/map: the pins and clusters of a query's filter, in its box, at a zoom. */
export const mapQuerySchema = z
  .object({ ...filterShape, bbox: bboxText, zoom: zoomSchema })
  .superRefine(checkRanges)
  .transform(({ zoom, ...filter }) => ({ filter, zoom }))

/** The names of the query parameters a map query reads. */
export const mapQueryParameterNames: ReadonlySet<string> = new Set([
  ...Object.keys(filterShape),
  'zoom',
])

/**
 * The parameters a search's address may hold: the filter's but the owner's list's own (`userRef`,
 * `status`: the search page searches every owner's listings on the market), and the sort.
 */
const searchParameterNames = [
  ...Object.keys(filterShape).filter((name) => name !== 'userRef' && name !== 'status'),
  'sort',
]

/** Built once: every server-rendered search page's address is read with it. */
const searchSchema = z.object({ ...filterShape, sort: listingSortSchema }).superRefine(checkRanges)

/**
 * The search an address describes (the search page's, a server-rendered page's). A bad value drops
 * its own parameter and the rest still apply: a link cut short, or edited by hand, shows the
 * nearest search rather than an error. Any other parameter (`cursor`, `view`…) is left alone.
 */
export function readListingSearch(params: URLSearchParams): ListingSearch {
  let given: Partial<Record<string, string>> = {}
  for (const name of searchParameterNames) {
    const value = params.get(name)
    if (value !== null) given[name] = value
  }
  let parsed = searchSchema.safeParse(given)
  // A second pass is only needed when the values were good one by one but not together
  // (minPrice above maxPrice, minArea above maxArea).
  while (!parsed.success) {
    const before = Object.keys(given).length
    for (const issue of parsed.error.issues) delete given[String(issue.path[0])]
    // Every issue names its parameter; were one not to, no filter at all rather than no end.
    if (Object.keys(given).length === before) given = {}
    parsed = searchSchema.safeParse(given)
  }
  const { sort, ...filter } = parsed.data
  return { filter, sort }
}

/** The names of the query parameters a count query reads: the filter's. */
export const countQueryParameterNames: ReadonlySet<string> = new Set(Object.keys(filterShape))
