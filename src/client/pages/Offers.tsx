import { screens } from '../../shared/screens'
import { ListingPages } from '../components/ListingPages'
import { useDocumentTitle } from '../components/use-document-title'

export default function Offers() {
  useDocumentTitle(screens.offers.title)
  return (
    <main className="page">
      <h1 className="page-header">{screens.offers.title}</h1>
      <ListingPages filter={{ offer: true }} empty="There are no current offers" />
    </main>
  )
}
