// Find a home: the text, the filters, the sort and the view are all in the URL, so a search is a
// link to share, reload and go back to. Phones fold the filters into a sheet and show the list or
// the map; desktops show a filter bar, and the list and the map side by side.
import { ArrowDownUp } from 'lucide-react'
import { lazy, Suspense, useMemo, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { ListingType } from '../../shared/listing'
import { listingSorts, type Bbox, type ListingSort } from '../../shared/listing-requests'
import type { Polygon } from '../../shared/polygon'
import { screens } from '../../shared/screens'
import { useListingCount, useListingPages } from '../features/listings/api/listings'
import { EmptyState } from '../components/EmptyState'
import { ListingPages } from '../features/listings/components/ListingPages'
import { SaveSearchButton } from '../features/saved-searches/components/SaveSearchButton'
import { activeFilters, type ActiveFilter } from '../features/search/components/active-filters'
import { ActiveFilters } from '../features/search/components/ActiveFilters'
import { FilterForm } from '../features/search/components/FilterForm'
import { FilterSheet } from '../features/search/components/FilterSheet'
import { homeCount } from '../features/search/components/home-count'
import { InvalidSearch } from '../features/search/components/InvalidSearch'
import { TypeTabs } from '../features/search/components/TypeTabs'
import { readSearch } from '../../shared/read-search'
import { searchPath, type SearchState, type SearchView } from '../../shared/search-state'
import { SearchBox } from '../features/search/components/SearchBox'
import { useSearchPlace } from '../features/search/hooks/use-search-place'
import { SegmentedControl } from '../components/SegmentedControl'
import { Spinner } from '../components/Spinner'
import { useDocumentTitle } from '../hooks/use-document-title'
import { useHydrating } from '../hooks/use-hydrating'
import { useMediaQuery } from '../hooks/use-media-query'
import styles from './Search.module.css'

// Leaflet and the clustering load only when a map is shown.
const SearchMap = lazy(() => import('../features/search/components/search-map/SearchMap'))

const sortLabels: Record<ListingSort, string> = {
  newest: 'Newest',
  'price-asc': 'Price (low to high)',
  'price-desc': 'Price (high to low)',
}

export default function Search() {
  useDocumentTitle(screens.search.title)
  const [params] = useSearchParams()
  const search = useMemo(() => readSearch(params), [params])
  const navigate = useNavigate()
  const desktop = useMediaQuery('(min-width: 1024px)')
  const hydrating = useHydrating()
  const { filter, sort, view } = search
  const place = useSearchPlace(filter.place)
  const active = activeFilters(filter, place?.name)

  // Each change is a new entry in the history: Back goes to the search before it.
  const go = (change: Partial<SearchState>) => void navigate(searchPath({ ...search, ...change }))
  // The map's view and an area outlined on it are two ways to say where: one replaces the other.
  const searchTheArea = (bbox: Bbox) => go({ filter: { ...filter, bbox, polygon: undefined } })
  const searchTheOutline = (polygon: Polygon) =>
    go({ filter: { ...filter, bbox: undefined, polygon } })
  // The prices of one type mean nothing for the other; without a type, prices are not sorted.
  const chooseType = (type: ListingType | undefined) => {
    const rest = { ...filter, type, minPrice: undefined, maxPrice: undefined }
    go({ filter: rest, sort: type ? sort : 'newest' })
  }

  const showList = desktop || view === 'list'
  // Leaflet needs a browser: a server-rendered page gets its map once the page is the browser's own.
  const showMap = (desktop || view === 'map') && !hydrating
  const count = useListingCount(filter)
  // The list's own read (ListingPages shares it), for what the server says when it rejects it.
  const pages = useListingPages(search, { enabled: showList })
  // The listing pointed at, in the list or on the map beside it: its card and its pin light up.
  const [highlightedId, setHighlightedId] = useState<string>()
  const highlight = desktop ? { id: highlightedId, onChange: setHighlightedId } : undefined

  return (
    <main className={`page ${styles.page}`}>
      <h1 className="page-header">{screens.search.title}</h1>
      <SearchBox
        className={styles.searchBox}
        query={filter.q}
        onSearch={(q) => go({ filter: { ...filter, q } })}
        onChoosePlace={({ id }) =>
          go({
            filter: { ...filter, q: undefined, bbox: undefined, polygon: undefined, place: id },
          })
        }
      />
      <TypeTabs type={filter.type} onChange={chooseType} />

      {desktop ? (
        <FilterForm filter={filter} onApply={(applied) => go({ filter: applied })} layout="bar" />
      ) : (
        <div className={styles.toolbar}>
          <FilterSheet filter={filter} onApply={(applied) => go({ filter: applied })} />
          <ViewSwitch view={view} onChange={(next) => go({ view: next })} />
        </div>
      )}

      <ActiveFilters search={search} active={active} />

      <div className={styles.summary}>
        <p className={styles.count} aria-live="polite" aria-atomic="true">
          {count.data && homeCount(count.data.total)}
        </p>
        <SaveSearchButton filter={filter} sort={sort} className={styles.save} />
        {showList && (
          <SortSelect
            sort={sort}
            byPrice={filter.type !== undefined}
            onChange={(next) => go({ sort: next })}
          />
        )}
      </div>

      <InvalidSearch errors={[pages.error, count.error]} />

      <div className={styles.results}>
        {showList && (
          <section className={styles.list} aria-label="Results">
            <ListingPages
              filter={filter}
              sort={sort}
              empty={<NoResults search={search} active={active} />}
              highlight={highlight}
            />
          </section>
        )}
        {showMap && (
          <div className={styles.mapPane}>
            <Suspense fallback={<Spinner label="Loading the map…" className={styles.map} />}>
              <SearchMap
                filter={filter}
                onSearchArea={searchTheArea}
                placeBox={place?.box}
                onDrawArea={searchTheOutline}
                onRemoveArea={() => go({ filter: { ...filter, polygon: undefined } })}
                highlightedId={highlight?.id}
                onHighlight={highlight?.onChange}
                className={styles.map}
              />
            </Suspense>
          </div>
        )}
      </div>
    </main>
  )
}

function SortSelect({
  sort,
  byPrice,
  onChange,
}: {
  sort: ListingSort
  /** A type is chosen: the price sorts are offered. A link made before keeps its own. */
  byPrice: boolean
  onChange: (sort: ListingSort) => void
}) {
  const sorts = listingSorts.filter((value) => byPrice || value === 'newest' || value === sort)
  return (
    <label className={styles.sort}>
      <ArrowDownUp size={18} aria-hidden="true" />
      <span className={styles.sortText}>Sort</span>
      <select
        name="sort"
        className="compact-select"
        value={sort}
        onChange={(event) => onChange(event.target.value as ListingSort)}
      >
        {sorts.map((value) => (
          <option key={value} value={value}>
            {sortLabels[value]}
          </option>
        ))}
      </select>
    </label>
  )
}

const views: [SearchView, string][] = [
  ['list', 'List'],
  ['map', 'Map'],
]

/** The phone's choice of the list or the map; a desktop shows both. */
function ViewSwitch({
  view,
  onChange,
}: {
  view: SearchView
  onChange: (view: SearchView) => void
}) {
  return (
    <SegmentedControl
      label="Show the results as"
      options={views}
      value={view}
      onChange={onChange}
    />
  )
}

/** No home matched: each filter of the search is a link to the search without it. */
function NoResults({ search, active }: { search: SearchState; active: ActiveFilter[] }) {
  if (active.length === 0) {
    return (
      <EmptyState title="No homes yet" hint="Be the first to put one up.">
        <Link to="/create-listing">Sell or rent your home</Link>
      </EmptyState>
    )
  }
  return (
    <EmptyState
      title="No homes match this search"
      hint={
        active.length === 1
          ? 'Remove its filter to see more homes.'
          : 'Remove one of its filters to see more homes.'
      }
    >
      {active.map(({ key, label, without }) => (
        <Link key={key} to={searchPath({ ...search, filter: without })}>
          Remove {label}
        </Link>
      ))}
      {active.length > 1 && (
        <Link to={searchPath({ sort: search.sort, view: search.view })}>Clear all filters</Link>
      )}
    </EmptyState>
  )
}
