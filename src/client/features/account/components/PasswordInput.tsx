import { Eye, EyeOff } from 'lucide-react'
import { useId, useState, type InputHTMLAttributes } from 'react'
import styles from './AuthForm.module.css'

/** A password field with the spec's show/hide toggle. */
export function PasswordInput({
  label = 'Password',
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label?: string }) {
  const [shown, setShown] = useState(false)
  const id = useId()
  return (
    <div className={styles.field}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className={styles.passwordBox}>
        <input
          {...props}
          id={id}
          type={shown ? 'text' : 'password'}
          placeholder={label}
          className={styles.input}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          {shown ? <EyeOff size={22} aria-hidden="true" /> : <Eye size={22} aria-hidden="true" />}
        </button>
      </div>
    </div>
  )
}
