// The account screens' one form (sign in, sign up, forgot and reset password): each page gives its
// heading, fields and texts, and what sending does; the layout, the submit and failures are here.
import { useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import styles from './AuthForm.module.css'
import { PasswordInput } from './PasswordInput'
import { SubmitButton } from './SubmitButton'
import { TextInput } from './TextInput'
import { toast } from '../../../components/toasts'

export interface AuthField<Name extends string> {
  name: Name
  /** read by screen readers and shown as the placeholder */
  label: string
  /** a plain text field without one */
  type?: 'email' | 'password'
  autoComplete: string
  minLength?: number
  maxLength?: number
  /** a line under the field, which screen readers read with it */
  hint?: string
}

export function AuthForm<Name extends string>({
  title,
  intro,
  fields,
  link,
  submitLabel,
  onSubmit,
  failure,
  children,
}: {
  title: string
  /** a line between the heading and the form */
  intro?: ReactNode
  fields: readonly AuthField<Name>[]
  /** the link under the fields, at the right */
  link?: { to: string; text: string }
  submitLabel: string
  /** Sends the values; a rejection is shown as a toast in the words of `failure`. */
  onSubmit: (values: Record<Name, string>) => Promise<unknown>
  failure: (error: Error) => string
  /** what follows the form: the Google button, the link to the other form */
  children?: ReactNode
}) {
  const [pending, setPending] = useState(false)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The fields are left to the browser, not held in state: what someone typed into the
    // server-rendered form before it was hydrated stays, and is sent.
    const form = new FormData(event.currentTarget)
    const values = Object.fromEntries(
      fields.map(({ name }) => [name, String(form.get(name) ?? '')]),
    ) as Record<Name, string>
    setPending(true)
    onSubmit(values)
      .catch((error: Error) => {
        const message = failure(error)
        toast.error(message, { toastId: message })
      })
      .finally(() => setPending(false))
  }

  return (
    <main className="page">
      <h1 className="page-header">{title}</h1>
      {intro}
      <form className={styles.form} onSubmit={submit}>
        {fields.map(({ name, label, type, hint, ...attributes }) => {
          const Input = type === 'password' ? PasswordInput : TextInput
          const hintId = `${name}-hint`
          return [
            <Input
              key={name}
              {...attributes}
              label={label}
              type={type === 'password' ? undefined : type}
              name={name}
              required
              aria-describedby={hint && hintId}
            />,
            hint && (
              <p key={hintId} id={hintId} className={styles.hint}>
                {hint}
              </p>
            ),
          ]
        })}
        {link && (
          <Link to={link.to} className={styles.forgotLink}>
            {link.text}
          </Link>
        )}
        <SubmitButton label={submitLabel} pending={pending} />
      </form>
      {children}
    </main>
  )
}
