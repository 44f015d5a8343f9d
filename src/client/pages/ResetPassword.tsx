// Where the reset mail's link lands (through Better Auth, which checks the token and adds it here).
import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { screens } from '../../shared/screens'
import { useResetPassword } from '../features/account/api/session'
import styles from '../features/account/components/AuthForm.module.css'
import { PasswordInput } from '../features/account/components/PasswordInput'
import { SubmitButton } from '../features/account/components/SubmitButton'
import { toast } from '../components/toasts'
import { useDocumentTitle } from '../hooks/use-document-title'

export default function ResetPassword() {
  useDocumentTitle(screens.resetPassword.title)
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  const [password, setPassword] = useState('')
  const resetPassword = useResetPassword()
  const navigate = useNavigate()

  if (!token || searchParams.has('error')) {
    return (
      <main className="page">
        <h1 className="page-header">{screens.resetPassword.title}</h1>
        <p>
          This reset link is not valid any more: it has been used, or it is more than an hour old.
        </p>
        <Link to="/forgot-password" className={styles.forgotLink}>
          Ask for a new link
        </Link>
      </main>
    )
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    resetPassword.mutate(
      { token: token!, newPassword: password },
      {
        onSuccess: () => {
          toast.success('Your password was changed: sign in with the new one')
          void navigate('/sign-in', { replace: true })
        },
        onError: () => toast.error('Could not reset the password: ask for a new link'),
      },
    )
  }

  return (
    <main className="page">
      <h1 className="page-header">{screens.resetPassword.title}</h1>
      <form className={styles.form} onSubmit={onSubmit}>
        <PasswordInput
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby="password-hint"
        />
        <p id="password-hint" className={styles.hint}>
          At least 8 characters.
        </p>
        <SubmitButton label="Set Password" pending={resetPassword.isPending} />
      </form>
    </main>
  )
}
