// Contact Landlord: composes a message that opens the visitor's own mail client (the spec's overview and screens).
import { useId, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { screens } from '../../shared/screens'
import { ApiError } from '../api/http'
import { useLandlord } from '../api/users'
import { Spinner } from '../components/Spinner'
import { useDocumentTitle } from '../components/use-document-title'
import styles from './Contact.module.css'

/** A mailto link with subject and body encoded as RFC 6068 asks (spaces as %20, not '+'). */
export function mailtoHref(email: string, subject: string, body: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

export default function Contact() {
  const { landlordId = '' } = useParams()
  const [searchParams] = useSearchParams()
  const listingName = searchParams.get('listingName') ?? ''
  const { data: landlord, status, error } = useLandlord(landlordId)
  const [message, setMessage] = useState('')
  const messageId = useId()
  useDocumentTitle(screens.contact.title)

  return (
    <main className={`page ${styles.page}`}>
      <h1 className="page-header">{screens.contact.title}</h1>
      {status === 'pending' && <Spinner />}
      {status === 'error' && (
        <p className="empty-text">
          {error instanceof ApiError && error.status === 404
            ? 'This landlord could not be found.'
            : 'The landlord could not be loaded: reload the page to try again.'}
        </p>
      )}
      {landlord && landlord.email === undefined && (
        // Only a user with a listing shows an e-mail: anyone else is no landlord to contact.
        <p className="empty-text">This landlord could not be found.</p>
      )}
      {landlord?.email !== undefined && (
        <div className={styles.contact}>
          <p className={styles.landlordName}>Contact {landlord.name}</p>
          {/* Not a <form>: nothing is submitted. The link composes the mail, as the spec has it; a
              GET form to mailto: would be sent with '+' for every space of the subject. */}
          <div className={styles.form}>
            <label htmlFor={messageId} className={styles.label}>
              Message
            </label>
            <textarea
              id={messageId}
              name="message"
              className={styles.textarea}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
            <a className="primary-button" href={mailtoHref(landlord.email, listingName, message)}>
              Send Message
            </a>
          </div>
        </div>
      )}
    </main>
  )
}
