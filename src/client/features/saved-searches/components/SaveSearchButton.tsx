// 'Save this search' on the search page. A visitor is sent to sign in first and brought back to
// the same search with the dialog open: the way back carries `#save-search`, which opens it.
import { BellPlus } from 'lucide-react'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { ListingFilter, ListingSort } from '../../../../shared/listing-requests'
import { useSession } from '../../account/api/session'
import type { SignInRedirectState } from '../../account/components/RequireAuth'
import { SaveSearchDialog } from './SaveSearchDialog'

/** The mark on the search's URL that opens the dialog once the visitor is signed in. */
export const saveSearchHash = '#save-search'

export function SaveSearchButton({
  filter,
  sort,
  className,
}: {
  filter: ListingFilter
  sort: ListingSort
  className?: string
}) {
  const { user } = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const [opened, setOpened] = useState(false)
  // Back from signing in: open until closed, when the mark goes from the URL.
  const cameBack = location.hash === saveSearchHash
  const open = opened || cameBack

  function close() {
    setOpened(false)
    if (cameBack)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true })
  }

  function onClick() {
    if (user) return setOpened(true)
    if (user === null) {
      const state: SignInRedirectState = {
        from: location.pathname + location.search + saveSearchHash,
      }
      void navigate('/sign-in', { state })
    }
  }

  return (
    <>
      <button
        type="button"
        className={className ? `secondary-button ${className}` : 'secondary-button'}
        aria-haspopup="dialog"
        // Until we know who is here, a press could not be handled: it would do nothing.
        disabled={user === undefined}
        onClick={onClick}
      >
        <BellPlus size={18} aria-hidden="true" />
        Save this search
      </button>
      {open && user && (
        <SaveSearchDialog userId={user.id} filter={filter} sort={sort} onClose={close} />
      )}
    </>
  )
}
