import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OwnProfile, UserProfile } from '../../../../shared/profile'
import { api, readJson } from '../../../api/http'
import { landlordKey } from './user-keys'

/** The signed-in user's own details and choices, kept apart for each user. */
const ownProfileKey = (userId: string) => ['users', 'me', userId]

/** The landlord's public details for the contact page; a missing landlord is an error (the spec's error messages). */
export function useLandlord(id: string) {
  return useQuery({
    queryKey: landlordKey(id),
    queryFn: () =>
      readJson<UserProfile>(api.api.users[':id'].$get({ param: { id: encodeURIComponent(id) } })),
    meta: { errorMessage: 'Could not get landlord data' },
  })
}

/** GET /api/users/me: whether the user shows their e-mail, whether the statistics mail comes. */
export function useOwnProfile(userId: string) {
  return useQuery({
    queryKey: ownProfileKey(userId),
    queryFn: () => readJson<OwnProfile>(api.api.users.me.$get()),
  })
}

/** Shows or hides the user's e-mail on the contact page; the landlord lookups read it afresh. */
export function useShowEmail(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (showEmail: boolean) =>
      readJson<OwnProfile>(api.api.users.me.$patch({ json: { showEmail } })),
    onSuccess: (profile) => {
      queryClient.setQueryData(ownProfileKey(userId), profile)
      void queryClient.invalidateQueries({ queryKey: landlordKey(userId) })
    },
  })
}

/** Turns the Monday mail of the user's listings' statistics on or off. */
export function useStatsMail(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (statsMail: boolean) =>
      readJson<OwnProfile>(api.api.users.me.$patch({ json: { statsMail } })),
    onSuccess: (profile) => queryClient.setQueryData(ownProfileKey(userId), profile),
  })
}
