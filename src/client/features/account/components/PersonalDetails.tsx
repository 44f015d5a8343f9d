// The profile's Personal Details (the spec's screens): the name, changed in place, and the e-mail.
import { useEffect, useId, useRef, useState } from 'react'
import type { PublicUser } from '../../../../shared/profile'
import { ApiError } from '../../../api/http'
import { toast } from '../../../components/toasts'
import { useUpdateProfile } from '../api/session'
import styles from './PersonalDetails.module.css'

export function PersonalDetails({ user }: { user: PublicUser }) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(user.name)
  const updateProfile = useUpdateProfile()
  const nameId = useId()
  const emailId = useId()
  const nameInput = useRef<HTMLInputElement>(null)

  // 'change' takes the keyboard straight to the name.
  useEffect(() => {
    if (editing) nameInput.current?.focus()
  }, [editing])

  function toggle() {
    if (!editing) return setEditing(true)
    if (name.trim() === user.name) {
      setName(user.name)
      return setEditing(false)
    }
    updateProfile.mutate(name, {
      onSuccess: (saved) => {
        setName(saved.name)
        setEditing(false)
      },
      onError: (error) => {
        // The server's word on the name itself ('Enter your name'); a blank name gives the saved
        // one back. Any other failure keeps what was typed, still editing, so nothing is lost.
        const nameProblem = error instanceof ApiError ? error.fields.name : undefined
        if (!nameProblem) return toast.error('Could not update profile details')
        toast.error(nameProblem, { toastId: nameProblem })
        if (!name.trim()) setName(user.name)
        nameInput.current?.focus()
      },
    })
  }

  return (
    <section aria-labelledby="personal-details" className={styles.details}>
      <div className={styles.detailsHeader}>
        <h2 id="personal-details" className={styles.detailsHeading}>
          Personal Details
        </h2>
        <button
          type="button"
          className={styles.change}
          onClick={toggle}
          disabled={updateProfile.isPending}
        >
          {editing ? 'done' : 'change'}
        </button>
      </div>
      <form
        className={styles.fields}
        onSubmit={(event) => {
          event.preventDefault()
          if (editing) toggle()
        }}
      >
        <label htmlFor={nameId} className={styles.label}>
          Name
        </label>
        <input
          id={nameId}
          ref={nameInput}
          className={editing ? `${styles.input} ${styles.editing}` : styles.input}
          value={name}
          disabled={!editing}
          autoComplete="name"
          onChange={(event) => setName(event.target.value)}
        />
        <label htmlFor={emailId} className={styles.label}>
          Email
        </label>
        {/* Only the name is saved (the spec's validation rules): the e-mail is shown, never editable. */}
        <input id={emailId} className={styles.input} value={user.email} disabled readOnly />
        {/* Enter in the name field saves, like 'done' (a form of two fields needs a submit). */}
        <button type="submit" className="visually-hidden" tabIndex={-1} disabled={!editing}>
          Save name
        </button>
      </form>
    </section>
  )
}
