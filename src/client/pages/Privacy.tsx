// Privacy: what the site counts about visits to listings and how, and what it keeps of accounts.
// Plain text, linked from the footer of every screen.
import { screens } from '../../shared/screens'
import { useDocumentTitle } from '../hooks/use-document-title'
import styles from './Privacy.module.css'

export default function Privacy() {
  useDocumentTitle(screens.privacy.title)
  return (
    <main className={`page ${styles.privacy}`}>
      <h1 className="page-header">{screens.privacy.title}</h1>

      <h2 className="section-heading">What we count</h2>
      <p>
        For each listing we count its page views, saves, messages, viewings booked and appearances
        in alert mails. Only the listing’s owner sees these figures.
      </p>
      <p>
        A view is counted once per visitor and day. To tell visitors apart, we make a one-way hash
        of the network address and the browser’s name, mixed with a random value that is replaced
        every day and then deleted. No address is stored, and visitors cannot be followed from one
        day to the next.
      </p>
      <p>No cookie is set for this, and nothing is sent to any third party.</p>
      <p>
        Owners’ views of their own listings, search-engine crawlers and link prefetches are not
        counted.
      </p>

      <h2 className="section-heading">Your account</h2>
      <p>
        We keep your account data (your e-mail address, name, listings and messages) to run the
        service. Signing in sets a session cookie, which keeps you signed in.
      </p>
    </main>
  )
}
