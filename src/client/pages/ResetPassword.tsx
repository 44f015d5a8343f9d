// Where the reset mail's link lands (through Better Auth, which checks the token and adds it here).
import { Link, useNavigate, useSearchParams } from 'react-router'
import { screens } from '../../shared/screens'
import { useResetPassword } from '../features/account/api/session'
import styles from '../features/account/components/AuthForm.module.css'
import { AuthForm } from '../features/account/components/AuthForm'
import { passwordField } from '../features/account/components/password-field'
import { toast } from '../components/toasts'
import { useDocumentTitle } from '../hooks/use-document-title'

export default function ResetPassword() {
  useDocumentTitle(screens.resetPassword.title)
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
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

  return (
    <AuthForm
      title={screens.resetPassword.title}
      fields={[passwordField('New password')]}
      submitLabel="Set Password"
      onSubmit={({ password }) =>
        resetPassword.mutateAsync({ token, newPassword: password }).then(() => {
          toast.success('Your password was changed: sign in with the new one')
          return navigate('/sign-in', { replace: true })
        })
      }
      failure={() => 'Could not reset the password: ask for a new link'}
    />
  )
}
