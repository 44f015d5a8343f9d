// A landlord's public profile (name, member since, reply figures): their page reads it, and the
// listing page for the name it links there.
import { useQuery } from '@tanstack/react-query'
import type { LandlordProfile } from '../../../../shared/landlord-profile'
import { api, ApiError, readJson } from '../../../api/http'
import { landlordProfileKey } from './landlord-keys'

/**
 * The profile, or null when there is no such user. No toast on failure: the listing page does
 * without the name, and the landlord's page says so itself.
 */
export function useLandlordProfile(id: string) {
  return useQuery({
    queryKey: landlordProfileKey(id),
    queryFn: async (): Promise<LandlordProfile | null> => {
      try {
        return await readJson<LandlordProfile>(
          api.api.users[':id'].profile.$get({ param: { id: encodeURIComponent(id) } }),
        )
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null
        throw error
      }
    },
  })
}
