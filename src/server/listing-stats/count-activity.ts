// What the other features call where something happens to a listing that its owner's statistics
// count: a save, a new conversation, a booked viewing, an alert mail that carried it.
import type { StatsCount } from '../../shared/listing-stats.js'

/** Everything counted but views, which listing-stats/view-counter.ts counts itself. */
export type ActivityCount = Exclude<StatsCount, 'views'>

/** Adds one to a listing's count of today; a failure is logged, never the caller's failure. */
export type CountActivity = (listingId: string, count: ActivityCount) => Promise<void>

/** For code run without the statistics (tests of one feature alone). */
export const countNothing: CountActivity = () => Promise.resolve()
