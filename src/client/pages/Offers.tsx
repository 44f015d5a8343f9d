import { ListingPages } from '../components/ListingPages'
import { useDocumentTitle } from '../components/use-document-title'

export default function Offers() {
  useDocumentTitle('Offers')
  return (
    <main className="page">
      <h1 className="page-header">Offers</h1>
      <ListingPages filter={{ offer: true }} empty="There are no current offers" />
    </main>
  )
}
