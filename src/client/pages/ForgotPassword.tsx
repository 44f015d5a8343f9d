import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { screens } from '../../shared/screens'
import { useRequestPasswordReset } from '../features/account/api/session'
import styles from '../features/account/components/AuthForm.module.css'
import { SubmitButton } from '../features/account/components/SubmitButton'
import { TextInput } from '../features/account/components/TextInput'
import { toast } from '../components/toasts'
import { useDocumentTitle } from '../hooks/use-document-title'

export default function ForgotPassword() {
  useDocumentTitle(screens.forgotPassword.title)
  const [email, setEmail] = useState('')
  const requestReset = useRequestPasswordReset()

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    // The same answer whether or not the address has an account.
    requestReset.mutate(email, {
      onSuccess: () => toast.success('Email was sent'),
      onError: () => toast.error('Could not send reset email'),
    })
  }

  return (
    <main className="page">
      <h1 className="page-header">{screens.forgotPassword.title}</h1>
      <form className={styles.form} onSubmit={onSubmit}>
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Link to="/sign-in" className={styles.forgotLink}>
          Sign In
        </Link>
        <SubmitButton label="Send Reset Link" pending={requestReset.isPending} />
      </form>
    </main>
  )
}
