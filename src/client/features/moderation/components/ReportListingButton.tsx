// 'Report this listing' on a listing's page, for anyone but its owner. A visitor is sent to sign in
// first and brought back with the dialog open: the way back carries `#report-listing`, which opens it.
import { Flag } from 'lucide-react'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { Listing } from '../../../../shared/listing'
import { screens } from '../../../../shared/screens'
import { useSession } from '../../account/api/session'
import type { SignInRedirectState } from '../../account/components/RequireAuth'
import { ReportListingDialog } from './ReportListingDialog'
import styles from './ReportListingButton.module.css'

/** The mark on the listing's URL that opens the dialog once the visitor is signed in. */
export const reportListingHash = '#report-listing'

export function ReportListingButton({
  listing,
  className,
}: {
  listing: Pick<Listing, 'id' | 'userRef' | 'status'>
  className?: string
}) {
  const { user } = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const [opened, setOpened] = useState(false)
  // Kept while the page is open: the server takes one report a person.
  const [reported, setReported] = useState(false)
  const cameBack = location.hash === reportListingHash
  const open = (opened || cameBack) && !reported

  // Its owner cannot report it; a hidden one is with the moderators already.
  if ((user && user.id === listing.userRef) || listing.status === 'hidden') return null

  function close() {
    setOpened(false)
    if (cameBack) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true })
    }
  }

  function onClick() {
    if (reported) return
    if (user) return setOpened(true)
    if (user === null) {
      const state: SignInRedirectState = {
        from: location.pathname + location.search + reportListingHash,
        reason: 'report-listing',
      }
      void navigate(screens.signIn.path, { state })
    }
  }

  const classes = [styles.report, className].filter(Boolean).join(' ')
  return (
    <>
      <button
        type="button"
        className={classes}
        aria-haspopup={reported ? undefined : 'dialog'}
        // Disabled for assistive technology but still focusable: the keyboard stays where it was.
        aria-disabled={reported || undefined}
        // Until we know who is here, a press could not be handled: it would do nothing.
        disabled={user === undefined}
        onClick={onClick}
      >
        <Flag size={16} aria-hidden="true" />
        {reported ? 'Reported' : 'Report this listing'}
      </button>
      {open && user && (
        <ReportListingDialog
          listingId={listing.id}
          onClose={close}
          onReported={() => {
            setReported(true)
            close()
          }}
        />
      )}
    </>
  )
}
