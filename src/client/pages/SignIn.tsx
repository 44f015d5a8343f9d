import { useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { screens } from '../../shared/screens'
import { ApiError } from '../api/http'
import { useSignIn } from '../features/account/api/session'
import { isRateLimited, tooManyAttempts } from '../features/account/components/account-failures'
import styles from '../features/account/components/AuthForm.module.css'
import { GoogleButton } from '../features/account/components/GoogleButton'
import { PasswordInput } from '../features/account/components/PasswordInput'
import type { SignInRedirectState } from '../features/account/components/RequireAuth'
import { SubmitButton } from '../features/account/components/SubmitButton'
import { TextInput } from '../features/account/components/TextInput'
import { toast } from '../components/toasts'
import { useDocumentTitle } from '../hooks/use-document-title'

export default function SignIn() {
  useDocumentTitle(screens.signIn.title)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const signIn = useSignIn()
  const navigate = useNavigate()
  const redirect = useLocation().state as SignInRedirectState | null
  const from = redirect?.from

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    signIn.mutate(
      { email, password },
      {
        // Back to the page that sent the visitor here, otherwise Explore.
        onSuccess: () => void navigate(from ?? '/', { replace: true }),
        onError: (error) => {
          const message = signInFailure(error)
          toast.error(message, { toastId: message })
        },
      },
    )
  }

  return (
    <main className="page">
      <h1 className="page-header">Welcome Back!</h1>
      {redirect?.reason && <p className={styles.reason}>{signInReasons[redirect.reason]}</p>}
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
        <PasswordInput
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Link to="/forgot-password" className={styles.forgotLink}>
          Forgot Password
        </Link>
        <SubmitButton label="Sign In" pending={signIn.isPending} />
      </form>
      <GoogleButton />
      <Link to="/sign-up" className={styles.switchLink}>
        Sign Up Instead
      </Link>
    </main>
  )
}

const signInReasons: Record<NonNullable<SignInRedirectState['reason']>, string> = {
  'save-home': 'Sign in to save this home',
  'send-message': 'Sign in to send your message: it is kept until you are back',
  'book-viewing': 'Sign in to book a viewing: you will come back to the home',
}

/** The spec's words for wrong credentials; a limit or a lost connection is not the user's password. */
function signInFailure(error: Error): string {
  if (isRateLimited(error)) return tooManyAttempts(error)
  if (error instanceof ApiError && error.status === 0)
    return 'Could not reach the server: check your connection'
  return 'Bad User Credentials'
}
