// Profile's choice of whether people who contact the user see their e-mail address (the contact
// page's mailto) or write to them in the app.
import { useOwnProfile, useShowEmail } from '../api/users'
import { PreferenceSwitch } from './PreferenceSwitch'

export function ShowEmailSwitch({ userId }: { userId: string }) {
  return (
    <PreferenceSwitch
      choice="showEmail"
      profile={useOwnProfile(userId)}
      save={useShowEmail(userId)}
      label="Show my e-mail address to people who contact me"
      describe={(shown, saved) =>
        saved
          ? shown
            ? 'Saved: your address is shown on the contact page.'
            : 'Saved: your address is hidden; people write to you in the app.'
          : shown
            ? 'The contact page offers your address; messages in the app reach you too.'
            : 'Your address stays hidden: people write to you in the app.'
      }
      failure="Could not save whether your e-mail is shown: try again"
    />
  )
}
