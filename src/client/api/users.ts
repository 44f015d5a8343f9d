import { useQuery } from '@tanstack/react-query'
import type { UserProfile } from '../../shared/profile'
import { api, readJson } from './http'

/** The cache key of a landlord's public details. */
export const landlordKey = (id: string) => ['users', id]

/** The landlord's public details for the contact page; a missing landlord is an error (the spec's error messages). */
export function useLandlord(id: string) {
  return useQuery({
    queryKey: landlordKey(id),
    queryFn: () => readJson<UserProfile>(api.api.users[':id'].$get({ param: { id } })),
    meta: { errorMessage: 'Could not get landlord data' },
  })
}
