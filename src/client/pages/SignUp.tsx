import { Link, useNavigate } from 'react-router'
import { screens } from '../../shared/screens'
import { useSignUp } from '../features/account/api/session'
import { isRateLimited, tooManyAttempts } from '../features/account/components/account-failures'
import { AuthForm } from '../features/account/components/AuthForm'
import styles from '../features/account/components/AuthForm.module.css'
import { GoogleButton } from '../features/account/components/GoogleButton'
import { passwordField } from '../features/account/components/password-field'
import { useDocumentTitle } from '../hooks/use-document-title'

export default function SignUp() {
  useDocumentTitle(screens.signUp.title)
  const signUp = useSignUp()
  const navigate = useNavigate()

  return (
    <AuthForm
      title="Welcome!"
      fields={[
        { name: 'name', label: 'Name', autoComplete: 'name', maxLength: 64 },
        { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
        passwordField('Password'),
      ]}
      link={{ to: '/forgot-password', text: 'Forgot Password' }}
      submitLabel="Sign Up"
      onSubmit={(account) =>
        signUp.mutateAsync(account).then(() => navigate('/', { replace: true }))
      }
      // The spec's message for a failed registration; a limit is not the form's fault, and says
      // what to do, in the words Sign in uses.
      failure={(error) =>
        isRateLimited(error) ? tooManyAttempts(error) : 'Something went wrong with registration'
      }
    >
      <GoogleButton />
      <Link to="/sign-in" className={styles.switchLink}>
        Sign In Instead
      </Link>
    </AuthForm>
  )
}
