// One of Profile's choices as a switch (whether the e-mail is shown, whether the statistics mail
// comes): saved as soon as it changes; a failure puts it back and says so in a toast.
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { OwnProfile } from '../../../../shared/profile'
import { toast } from '../../../components/toasts'
import styles from './PreferenceSwitch.module.css'

/** The profile's choices that a switch turns on and off. */
type ProfileChoice = 'showEmail' | 'statsMail'

export function PreferenceSwitch({
  choice,
  profile,
  save,
  label,
  describe,
  failure,
}: {
  choice: ProfileChoice
  profile: UseQueryResult<OwnProfile>
  save: UseMutationResult<OwnProfile, Error, boolean>
  label: string
  /** What the note beneath says: of the choice as it stands, or once the user has saved one. */
  describe: (on: boolean, saved: boolean) => string
  /** The toast when saving fails. */
  failure: string
}) {
  // What the user last saved, said beneath the switch once they change it.
  const [saved, setSaved] = useState<boolean>()
  const noteId = useId()
  // While saving, the switch shows the choice being saved.
  const checked = (save.isPending ? save.variables : profile.data?.[choice]) ?? true

  function change(on: boolean) {
    setSaved(undefined)
    save.mutate(on, {
      onSuccess: (changed) => setSaved(changed[choice]),
      onError: () => toast.error(failure, { toastId: failure }),
    })
  }

  return (
    <div className={styles.preference}>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          className={styles.input}
          checked={checked}
          disabled={profile.status !== 'success' || save.isPending}
          aria-describedby={noteId}
          onChange={(event) => change(event.target.checked)}
        />
        <span className={styles.track} aria-hidden="true" />
        <span>{label}</span>
      </label>
      <p id={noteId} className={styles.note} role="status">
        {profile.status === 'error'
          ? 'Your choice could not be loaded: reload the page to change it.'
          : saved === undefined
            ? describe(checked, false)
            : describe(saved, true)}
      </p>
    </div>
  )
}
