// Reports and moderation in the browser: anyone signed in reports a listing; moderators read the
// reported and the hidden listings (/moderation) and hide, show again or dismiss the reports.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Listing } from '../../../../shared/listing'
import type {
  ModerationList,
  ModerationListStatus,
  Report,
  ReportInput,
} from '../../../../shared/report'
import { api, ApiError, jsonBody, readJson } from '../../../api/http'
import { moderationKey, moderationListKey } from './moderation-keys'

/** The reported ('open') or the hidden listings; null when the user is no moderator (403). */
export function useModerationList(status: ModerationListStatus) {
  return useQuery({
    queryKey: moderationListKey(status),
    queryFn: async (): Promise<ModerationList | null> => {
      try {
        return await readJson<ModerationList>(
          api.api.moderation.reports.$get({ query: { status } }),
        )
      } catch (error) {
        // The page then reads as any unknown address does, as the server renders it.
        if (error instanceof ApiError && error.status === 403) return null
        throw error
      }
    },
    meta: { errorMessage: 'Could not load the reported listings' },
  })
}

export function useReportListing(listingId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ReportInput) =>
      readJson<Report>(
        api.api.listings[':id'].reports.$post(
          { param: { id: encodeURIComponent(listingId) } },
          jsonBody(input),
        ),
      ),
    // A moderator who reports sees it in their list at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKey }),
  })
}

type ModerationAction = 'hide' | 'unhide' | 'dismiss'

/**
 * A moderator's action on a listing. Hiding or showing a listing changes every list it is in, its
 * page included: the moderation lists and all listing queries are read again.
 */
function useModerate(action: ModerationAction) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ listingId, reason }: { listingId: string; reason?: string }) =>
      readJson<Listing>(
        api.api.moderation.listings[':id'][action].$post(
          { param: { id: encodeURIComponent(listingId) } },
          jsonBody(reason === undefined ? {} : { reason }),
        ),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationKey }),
        queryClient.invalidateQueries({ queryKey: ['listings'] }),
      ]),
  })
}

/** Hides the listing; the reason is required, and its owner reads it. */
export const useHideListing = () => useModerate('hide')
/** Shows a hidden listing again, with the status it had before. */
export const useUnhideListing = () => useModerate('unhide')
/** Closes the listing's open reports; a listing the reports alone hid is shown again. */
export const useDismissReports = () => useModerate('dismiss')
