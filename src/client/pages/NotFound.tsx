import { Link } from 'react-router'
import { notFoundTitle } from '../../shared/screens'
import { useDocumentTitle } from '../hooks/use-document-title'

export default function NotFound({ what = 'page' }: { what?: string }) {
  useDocumentTitle(notFoundTitle)
  return (
    <main className="page">
      <h1 className="page-header">{notFoundTitle}</h1>
      <p>
        We could not find this {what}. It may have been removed, or the address may be mistyped.
      </p>
      <p>
        <Link to="/">Go to Explore</Link>
      </p>
    </main>
  )
}
