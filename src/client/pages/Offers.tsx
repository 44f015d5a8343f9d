import { Link } from 'react-router'
import { categoryPath, categoryTitle, screens } from '../../shared/screens'
import { EmptyState } from '../components/EmptyState'
import { ListHeading } from '../components/ListHeading'
import { ListingPages } from '../features/listings/components/ListingPages'
import { useDocumentTitle } from '../hooks/use-document-title'

export default function Offers() {
  useDocumentTitle(screens.offers.title)
  return (
    <main className="page">
      <ListHeading title={screens.offers.title} filter={{ offer: true }} />
      <ListingPages
        filter={{ offer: true }}
        empty={
          <EmptyState
            title="There are no current offers"
            hint="Homes at a reduced price show up here. Meanwhile, every home is in its category."
          >
            <Link to={categoryPath('rent')}>{categoryTitle('rent')}</Link>
            <Link to={categoryPath('sale')}>{categoryTitle('sale')}</Link>
          </EmptyState>
        }
      />
    </main>
  )
}
