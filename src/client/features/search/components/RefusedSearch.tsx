// When the server refuses a search (400), what it said of each parameter, in the page's words.
import { ApiError } from '../../../api/http'
import styles from './RefusedSearch.module.css'

/** The names the page gives the API's parameters. */
const parameterLabels: Partial<Record<string, string>> = {
  q: 'Search text',
  type: 'Type',
  minPrice: 'Min price',
  maxPrice: 'Max price',
  minBedrooms: 'Bedrooms',
  minBathrooms: 'Bathrooms',
  parking: 'Parking',
  furnished: 'Furnished',
  offer: 'Offers only',
  bbox: 'Map area',
  sort: 'Sort',
}

/** The first refusal among the search's reads, if any; other failures are toasts already. */
export function RefusedSearch({ errors }: { errors: unknown[] }) {
  const refusal = errors.find(
    (error): error is ApiError => error instanceof ApiError && error.status === 400,
  )
  if (!refusal) return null
  const fields = Object.entries(refusal.fields)
  return (
    <div role="alert" className={styles.refused}>
      <p className={styles.message}>This search could not be run: {refusal.message}</p>
      {fields.length > 0 && (
        <ul className={styles.fields}>
          {fields.map(([name, message]) => (
            <li key={name}>
              {parameterLabels[name] ?? name}: {message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
