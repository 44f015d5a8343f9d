// Saved homes: the listings the user saved with the heart, newest saved first, with
// 'Load More'; a home sold or rented since shows so, one deleted is gone.
import { Heart } from 'lucide-react'
import { Link } from 'react-router'
import type { PublicUser } from '../../shared/profile'
import { categoryPath, categoryTitle, screens } from '../../shared/screens'
import { useSavedPages } from '../features/favourites/api/favourites'
import { useSession } from '../features/account/api/session'
import { EmptyState } from '../components/EmptyState'
import { ListingPagesView } from '../features/listings/components/ListingPages'
import { useDocumentTitle } from '../hooks/use-document-title'
import styles from './Saved.module.css'

export default function Saved() {
  useDocumentTitle(screens.saved.title)
  const { user } = useSession()
  // RequireAuth renders this page only for a signed-in user.
  if (!user) return null
  return <SavedHomes user={user} />
}

function SavedHomes({ user }: { user: PublicUser }) {
  const pages = useSavedPages(user.id)
  return (
    <main className="page">
      <h1 className="page-header">{screens.saved.title}</h1>
      <ListingPagesView
        pages={pages}
        loadingLabel="Loading your saved homes…"
        empty={
          <EmptyState
            title="You have no saved homes yet"
            hint={
              <>
                Press the heart <Heart size={16} aria-hidden="true" className={styles.heart} /> on a
                home you like, and it waits for you here.
              </>
            }
          >
            <Link to={categoryPath('rent')}>{categoryTitle('rent')}</Link>
            <Link to={categoryPath('sale')}>{categoryTitle('sale')}</Link>
          </EmptyState>
        }
      />
    </main>
  )
}
