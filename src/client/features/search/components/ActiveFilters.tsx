// The filters of the search as chips above the results: each is a link to the same search without
// it ('Remove Map area' clears the area the map searched), and 'Clear all' drops them all.
import { X } from 'lucide-react'
import { Link } from 'react-router'
import type { ActiveFilter } from './active-filters'
import styles from './ActiveFilters.module.css'
import { searchPath, type SearchState } from '../../../../shared/search-state'

interface ActiveFiltersProps {
  search: SearchState
  active: ActiveFilter[]
}

export function ActiveFilters({ search, active }: ActiveFiltersProps) {
  if (active.length === 0) return null
  return (
    <ul className={styles.chips} aria-label="Active filters">
      {active.map(({ key, label, without }) => (
        <li key={key}>
          <Link
            to={searchPath({ ...search, filter: without })}
            className={styles.chip}
            aria-label={`Remove ${label}`}
          >
            {label}
            <X size={16} aria-hidden="true" />
          </Link>
        </li>
      ))}
      {active.length > 1 && (
        <li>
          <Link to={searchPath({ sort: search.sort, view: search.view })} className={styles.clear}>
            Clear all
          </Link>
        </li>
      )}
    </ul>
  )
}
