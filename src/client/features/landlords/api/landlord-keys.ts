// The landlord queries' cache key, apart from its hook: the entry script seeds a landlord's
// profile from the page data (page-data.ts) without loading the hook in every page.

/** The cache key of a landlord's profile: the server-rendered page puts it there too. */
export const landlordProfileKey = (id: string) => ['users', id, 'profile']
