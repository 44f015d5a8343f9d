// A saved search as the API sends it, and its limits (the contract's saved searches).

export const alertFrequencies = ['instant', 'daily', 'off'] as const
export type AlertFrequency = (typeof alertFrequencies)[number]

export interface SavedSearch {
  id: string
  name: string
  /** the search parameters of GET /api/listings, as strings, in canonical order; no cursor, no limit */
  query: Record<string, string>
  alerts: AlertFrequency
  /** ISO 8601 */
  createdAt: string
}

export const savedSearchLimits = {
  perUser: 20,
  nameLength: { min: 1, max: 100 },
} as const
