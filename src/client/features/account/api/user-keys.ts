// The users queries' cache keys that the entry script needs, apart from their hooks: it seeds the
// contact page's landlord from the page data (page-data.ts) without loading the hooks in every page.

/** The cache key of a landlord's public details. */
export const landlordKey = (id: string) => ['users', id]
