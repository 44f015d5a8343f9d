import { useId, type InputHTMLAttributes } from 'react'
import styles from './AuthForm.module.css'

/** A labelled input of the account forms; the label is for screen readers, the placeholder shows it. */
export function TextInput({
  label,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId()
  return (
    <div className={styles.field}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input {...props} id={id} placeholder={label} className={styles.input} />
    </div>
  )
}
