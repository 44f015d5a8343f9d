// The views of the signed-in owner's listings over the last 7 days (GET /api/listing-stats/week),
// for the cards under 'Your Listings'. Apart from the statistics screen's read, so that Profile
// loads this alone.
import { useQuery } from '@tanstack/react-query'
import type { WeekViews } from '../../../../shared/listing-stats'
import { api, readJson } from '../../../api/http'
import { useSession } from '../../account/api/session'
import { weekViewsKey } from './listing-stats-keys'

/** Views of each of the signed-in owner's listings over the last 7 days, by listing id. */
export function useWeekViews() {
  const userId = useSession().user?.id
  return useQuery({
    queryKey: weekViewsKey(userId ?? ''),
    queryFn: () => readJson<WeekViews>(api.api['listing-stats'].week.$get()),
    enabled: userId !== undefined,
  })
}
