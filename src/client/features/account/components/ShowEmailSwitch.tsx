// Profile's choice of whether people who contact the user see their e-mail address (the contact
// page's mailto) or write to them in the app. Saved as soon as it changes; a failure puts it back.
import { useId, useState } from 'react'
import { useOwnProfile, useShowEmail } from '../api/users'
import styles from './ShowEmailSwitch.module.css'
import { toast } from '../../../components/toasts'

export function ShowEmailSwitch({ userId }: { userId: string }) {
  const { data: profile, status } = useOwnProfile(userId)
  const save = useShowEmail(userId)
  // What the user last saved, said beneath the switch once they change it.
  const [saved, setSaved] = useState<boolean>()
  const noteId = useId()
  // While saving, the switch shows the choice being saved.
  const checked = (save.isPending ? save.variables : profile?.showEmail) ?? true

  function change(showEmail: boolean) {
    setSaved(undefined)
    save.mutate(showEmail, {
      onSuccess: (profile) => setSaved(profile.showEmail),
      onError: () => {
        const message = 'Could not save whether your e-mail is shown: try again'
        toast.error(message, { toastId: message })
      },
    })
  }

  return (
    <div className={styles.privacy}>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          className={styles.input}
          checked={checked}
          disabled={status !== 'success' || save.isPending}
          aria-describedby={noteId}
          onChange={(event) => change(event.target.checked)}
        />
        <span className={styles.track} aria-hidden="true" />
        <span>Show my e-mail address to people who contact me</span>
      </label>
      <p id={noteId} className={styles.note} role="status">
        {status === 'error'
          ? 'Your choice could not be loaded: reload the page to change it.'
          : saved === undefined
            ? checked
              ? 'The contact page offers your address; messages in the app reach you too.'
              : 'Your address stays hidden: people write to you in the app.'
            : saved
              ? 'Saved: your address is shown on the contact page.'
              : 'Saved: your address is hidden; people write to you in the app.'}
      </p>
    </div>
  )
}
