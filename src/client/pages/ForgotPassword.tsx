import { screens } from '../../shared/screens'
import { useRequestPasswordReset } from '../features/account/api/session'
import { AuthForm } from '../features/account/components/AuthForm'
import { toast } from '../components/toasts'
import { useDocumentTitle } from '../hooks/use-document-title'

export default function ForgotPassword() {
  useDocumentTitle(screens.forgotPassword.title)
  const requestReset = useRequestPasswordReset()

  return (
    <AuthForm
      title={screens.forgotPassword.title}
      fields={[{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email' }]}
      link={{ to: '/sign-in', text: 'Sign In' }}
      submitLabel="Send Reset Link"
      // The same response whether or not the address has an account.
      onSubmit={({ email }) =>
        requestReset.mutateAsync(email).then(() => toast.success('Email was sent'))
      }
      failure={() => 'Could not send reset email'}
    />
  )
}
