// Contact Landlord: composes a message that opens the visitor's own mail client (the spec's overview and screens).
import { useId, useRef, useState, type ReactNode } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import type { Listing } from '../../shared/listing'
import { imageVariantUrl } from '../../shared/media'
import { listingPagePath, screens } from '../../shared/screens'
import { ApiError } from '../api/http'
import { useListing } from '../features/listings/api/listings'
import { useLandlord } from '../features/account/api/users'
import { InAppContact } from '../features/conversations/components/InAppContact'
import { Spinner } from '../components/Spinner'
import { useDocumentTitle } from '../hooks/use-document-title'
import { useHydrating } from '../hooks/use-hydrating'
import { useValueTypedBeforeHydration } from '../hooks/use-value-typed-before-hydration'
import styles from './Contact.module.css'

/** A mailto link with subject and body encoded as RFC 6068 asks (spaces as %20, not '+'). */
export function mailtoHref(email: string, subject: string, body: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

export default function Contact() {
  const { landlordId = '' } = useParams()
  const [searchParams] = useSearchParams()
  const listingName = searchParams.get('listingName') ?? ''
  // Added by the listing page's link; older links name the listing only.
  const listingId = searchParams.get('listingId') ?? ''
  const { data: landlord, status, error } = useLandlord(landlordId)
  const { data: listing } = useListing(listingId, { enabled: listingId !== '' })
  const [message, setMessage] = useState('')
  const messageField = useRef<HTMLTextAreaElement>(null)
  useValueTypedBeforeHydration(messageField, setMessage)
  const messageId = useId()
  const hydrating = useHydrating()
  useDocumentTitle(screens.contact.title)
  // Only a listing of this landlord is the one the message is about.
  const about = listing?.userRef === landlordId ? listing : undefined

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
        // A landlord who hides their e-mail is written to in the app, about the listing; the
        // address of anyone without a listing is never shown either.
        <div className={styles.contact}>
          <p className={styles.landlordName}>Contact {landlord.name}</p>
          {about ? (
            <>
              <ListingSummary listing={about} />
              <InAppContact listing={about} landlordName={landlord.name} />
            </>
          ) : (
            <p className="empty-text">
              {landlord.name} does not show an e-mail address: write to them from the page of their
              listing.
            </p>
          )}
        </div>
      )}
      {landlord?.email !== undefined && (
        <div className={styles.contact}>
          <p className={styles.landlordName}>Contact {landlord.name}</p>
          {about ? (
            <ListingSummary listing={about} />
          ) : (
            listingName && <p className={styles.listingName}>About {listingName}</p>
          )}
          <MessageForm email={landlord.email} subject={listingName} live={!hydrating}>
            <label htmlFor={messageId} className={styles.label}>
              Message
            </label>
            <textarea
              ref={messageField}
              id={messageId}
              name="body"
              className={styles.textarea}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
            {hydrating ? (
              <button type="submit" className="primary-button">
                Send Message
              </button>
            ) : (
              <a className="primary-button" href={mailtoHref(landlord.email, listingName, message)}>
                Send Message
              </a>
            )}
          </MessageForm>
        </div>
      )}
    </main>
  )
}

/**
 * Without scripts, a GET form to mailto: composes the mail: browsers write its fields as the
 * link's query, spaces as %20 (HTML's "mail with headers"). Once the page is live, the spec's
 * mailto link sends it, and a form without a submit control would only confuse.
 */
function MessageForm(props: {
  email: string
  subject: string
  live: boolean
  children: ReactNode
}) {
  const { email, subject, live, children } = props
  if (live) return <div className={styles.form}>{children}</div>
  return (
    <form className={styles.form} method="get" action={`mailto:${email}`}>
      <input type="hidden" name="subject" value={subject} />
      {children}
    </form>
  )
}

/** The listing the message is about: its first photo and name, linked to its page. */
function ListingSummary({ listing }: { listing: Listing }) {
  const cover = listing.imageUrls[0]
  return (
    <Link to={listingPagePath(listing)} className={styles.listing}>
      {cover && (
        <img
          className={styles.listingImage}
          src={imageVariantUrl(cover, 400)}
          width={400}
          height={300}
          alt=""
        />
      )}
      <span>
        <span className={styles.listingName}>{listing.name}</span>
        <span className={styles.listingLocation}>{listing.location}</span>
      </span>
    </Link>
  )
}
