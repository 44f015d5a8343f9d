// The statistics queries' cache keys, apart from their hooks: the entry script seeds the screen's
// first period from the page data (page-data.ts) without loading the hooks in every page.

/** The cache key of a listing's statistics over `days` days; the server's page data fills one. */
export const listingStatsKey = (id: string, days: number) => ['listing-stats', id, days]

/** The cache key of an owner's views of the last 7 days, kept apart for each user. */
export const weekViewsKey = (userId: string) => ['listing-stats', 'week', userId]
