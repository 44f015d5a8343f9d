// The moderation queries' cache keys, apart from their hooks: the entry script seeds the list of
// reported listings from the page data (page-data.ts) without loading the hooks in every page.
import type { ModerationListStatus } from '../../../../shared/report'

/** Every moderation query's key starts with it. */
export const moderationKey = ['moderation']

/** The cache key of a moderation list; the server's page data fills the 'open' one. */
export const moderationListKey = (status: ModerationListStatus) => ['moderation', 'reports', status]
