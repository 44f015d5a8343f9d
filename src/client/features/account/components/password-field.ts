import type { AuthField } from './AuthForm'

/** A new password's field, with the length the server accepts (sign up, reset password). */
export const passwordField = (label: string): AuthField<'password'> => ({
  name: 'password',
  label,
  type: 'password',
  autoComplete: 'new-password',
  minLength: 8,
  maxLength: 128,
  hint: 'At least 8 characters.',
})
