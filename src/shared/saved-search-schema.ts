// The bodies of POST and PATCH /api/saved-searches, apart from saved-search.ts so that a page that
// only shows saved searches does not load zod (as listing-query-schema.ts is apart).
import { z } from 'zod'
import { listingFilterSchema, listingSortSchema } from './listing-query-schema.js'
import type { ListingSearch } from './listing-query.js'
import { isPlainText, plainTextMessage } from './plain-text.js'
import { alertFrequencies, savedSearchLimits } from './saved-search.js'

const { nameLength } = savedSearchLimits
/** The parameters a saved search may hold: the filters, and the sort. */
export const savedSearchParameters: readonly string[] = [
  ...Object.keys(listingFilterSchema.shape),
  'sort',
]
const parameterNames: ReadonlySet<string> = new Set(savedSearchParameters)

/** A page of results is not part of a search: the reader asks for its own pages. */
const pageParameters: ReadonlySet<string> = new Set(['cursor', 'limit'])

export const savedSearchMessages = {
  pageParameter: 'A saved search keeps no cursor or limit',
  unknownParameter: 'Not a search parameter',
  alerts: `Must be one of ${alertFrequencies.join(', ')}`,
  nothingToChange: 'Give a name, a query or alerts to change',
} as const

/**
 * A search's parameters as GET /api/listings takes them (strings), checked by the same schemas,
 * out as the filter and the sort. No filter at all is a search of every home.
 */
export const savedSearchQuerySchema = z
  // Not z.record: it copies the object by assignment, which drops a key named __proto__ unseen.
  .unknown()
  .transform((query, ctx): ListingSearch => {
    if (typeof query !== 'object' || query === null || Array.isArray(query)) {
      ctx.addIssue({ code: 'custom', message: 'Must be an object of search parameters' })
      return z.NEVER
    }
    const filters: Record<string, string> = {}
    let sortText: string | undefined
    for (const [name, value] of Object.entries(query)) {
      const problem = pageParameters.has(name)
        ? savedSearchMessages.pageParameter
        : !parameterNames.has(name)
          ? savedSearchMessages.unknownParameter
          : typeof value !== 'string'
            ? 'Must be text'
            : undefined
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem })
      else if (name === 'sort') sortText = value as string
      else filters[name] = value as string
    }
    const filter = listingFilterSchema.safeParse(filters)
    const sort = listingSortSchema.safeParse(sortText)
    for (const issue of [...(filter.error?.issues ?? []), ...(sort.error?.issues ?? [])]) {
      ctx.addIssue({
        code: 'custom',
        path: issue.path.length ? issue.path : ['sort'],
        message: issue.message,
      })
    }
    if (!filter.success || !sort.success || ctx.issues.length > 0) return z.NEVER
    return { filter: filter.data, sort: sort.data }
  })

/** Trimmed; blank ('') asks for the summary of the search as the name (search-summary.ts). */
const nameSchema = z
  .string('Must be text')
  .trim()
  .max(nameLength.max, `At most ${nameLength.max} characters`)
  .refine(isPlainText, plainTextMessage)

const alertsSchema = z.enum(alertFrequencies, savedSearchMessages.alerts)

/** POST /api/saved-searches. */
export const newSavedSearchSchema = z.strictObject({
  name: nameSchema.optional(),
  query: savedSearchQuerySchema,
  alerts: alertsSchema,
})

/** PATCH /api/saved-searches/:id: a blank name goes back to the summary of the search. */
export const savedSearchChangeSchema = z
  .strictObject({
    name: nameSchema.optional(),
    query: savedSearchQuerySchema.optional(),
    alerts: alertsSchema.optional(),
  })
  .refine((change) => Object.keys(change).length > 0, savedSearchMessages.nothingToChange)
