import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { screens } from '../../shared/screens'
import { useSignUp } from '../features/account/api/session'
import { isRateLimited, tooManyAttempts } from '../features/account/components/account-failures'
import styles from '../features/account/components/AuthForm.module.css'
import { GoogleButton } from '../features/account/components/GoogleButton'
import { PasswordInput } from '../features/account/components/PasswordInput'
import { SubmitButton } from '../features/account/components/SubmitButton'
import { TextInput } from '../features/account/components/TextInput'
import { toast } from '../components/toasts'
import { useDocumentTitle } from '../hooks/use-document-title'

export default function SignUp() {
  useDocumentTitle(screens.signUp.title)
  const [form, setForm] = useState({ name: '', email: '', password: '' })
  const signUp = useSignUp()
  const navigate = useNavigate()
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    signUp.mutate(form, {
      onSuccess: () => void navigate('/', { replace: true }),
      // The spec's message for a refused registration; a limit is not the form's fault, and
      // says what to do, in the words Sign in uses.
      onError: (error) => {
        const message = isRateLimited(error)
          ? tooManyAttempts(error)
          : 'Something went wrong with registration'
        toast.error(message, { toastId: message })
      },
    })
  }

  return (
    <main className="page">
      <h1 className="page-header">Welcome!</h1>
      <form className={styles.form} onSubmit={onSubmit}>
        <TextInput
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={64}
          value={form.name}
          onChange={set('name')}
        />
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
        />
        <PasswordInput
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          value={form.password}
          onChange={set('password')}
          aria-describedby="password-hint"
        />
        <p id="password-hint" className={styles.hint}>
          At least 8 characters.
        </p>
        <Link to="/forgot-password" className={styles.forgotLink}>
          Forgot Password
        </Link>
        <SubmitButton label="Sign Up" pending={signUp.isPending} />
      </form>
      <GoogleButton />
      <Link to="/sign-in" className={styles.switchLink}>
        Sign In Instead
      </Link>
    </main>
  )
}
