import { Link, useLocation, useNavigate } from 'react-router'
import { screens } from '../../shared/screens'
import { ApiError } from '../api/http'
import { useSignIn } from '../features/account/api/session'
import { isRateLimited, tooManyAttempts } from '../features/account/components/account-failures'
import { AuthForm } from '../features/account/components/AuthForm'
import styles from '../features/account/components/AuthForm.module.css'
import { GoogleButton } from '../features/account/components/GoogleButton'
import type { SignInRedirectState } from '../features/account/components/RequireAuth'
import { useDocumentTitle } from '../hooks/use-document-title'

export default function SignIn() {
  useDocumentTitle(screens.signIn.title)
  const signIn = useSignIn()
  const navigate = useNavigate()
  const redirect = useLocation().state as SignInRedirectState | null
  const from = redirect?.from

  return (
    <AuthForm
      title="Welcome Back!"
      intro={redirect?.reason && <p className={styles.reason}>{signInReasons[redirect.reason]}</p>}
      fields={[
        { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
        { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
      ]}
      link={{ to: '/forgot-password', text: 'Forgot Password' }}
      submitLabel="Sign In"
      // Back to the page that sent the visitor here, otherwise Explore.
      onSubmit={(credentials) =>
        signIn.mutateAsync(credentials).then(() => navigate(from ?? '/', { replace: true }))
      }
      failure={signInFailure}
    >
      <GoogleButton />
      <Link to="/sign-up" className={styles.switchLink}>
        Sign Up Instead
      </Link>
    </AuthForm>
  )
}

const signInReasons: Record<NonNullable<SignInRedirectState['reason']>, string> = {
  'save-home': 'Sign in to save this home',
  'send-message': 'Sign in to send your message: it is kept until you are back',
  'book-viewing': 'Sign in to book a viewing: you will come back to the home',
  'report-listing': 'Sign in to report this listing: you will come back to it',
}

/** The spec's words for wrong credentials; a limit or a lost connection is not the user's password. */
function signInFailure(error: Error): string {
  if (isRateLimited(error)) return tooManyAttempts(error)
  if (error instanceof ApiError && error.status === 0)
    return 'Could not reach the server: check your connection'
  return 'Bad User Credentials'
}
