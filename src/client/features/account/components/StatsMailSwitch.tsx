// Profile's choice of whether the Monday mail of the user's listings' statistics comes.
import { useOwnProfile, useStatsMail } from '../api/users'
import { PreferenceSwitch } from './PreferenceSwitch'

export function StatsMailSwitch({ userId }: { userId: string }) {
  return (
    <PreferenceSwitch
      choice="statsMail"
      profile={useOwnProfile(userId)}
      save={useStatsMail(userId)}
      label="Weekly statistics mail"
      describe={(on, saved) =>
        saved
          ? on
            ? 'Saved: the statistics mail comes on Mondays.'
            : 'Saved: no statistics mail comes.'
          : 'On Mondays, a mail with how your listings did last week.'
      }
      failure="Could not save whether the statistics mail comes: try again"
    />
  )
}
