// When the server rejects a search (400), what it said of each parameter, in the page's words.
import { ApiError } from '../../../api/http'
import styles from './InvalidSearch.module.css'

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

/** The first rejection among the search's reads, if any; other failures are toasts already. */
export function InvalidSearch({ errors }: { errors: unknown[] }) {
  const rejection = errors.find(
    (error): error is ApiError => error instanceof ApiError && error.status === 400,
  )
  if (!rejection) return null
  const fields = Object.entries(rejection.fields)
  return (
    <div role="alert" className={styles.invalid}>
      <p className={styles.message}>This search could not be run: {rejection.message}</p>
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
