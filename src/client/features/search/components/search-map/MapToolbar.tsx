// The search map's own controls, over its top edge: 'Search this area' once the map has moved,
// 'Draw an area' (or 'Stop drawing'), 'Remove area' while an outlined area is searched, and what
// was wrong with an outline that could not be searched.
import L from 'leaflet'
import { Pencil, Search, X } from 'lucide-react'
import { useId } from 'react'
import styles from './SearchMap.module.css'

interface MapToolbarProps {
  /** the map has moved from the area searched: 'Search this area' searches its view */
  onSearchArea?: () => void
  tracing: boolean
  /** 'Draw an area' starts tracing an outline; without it the map offers none */
  onTrace?: () => void
  onStopTracing: () => void
  /** an outlined area is searched: 'Remove area' clears it */
  onRemoveArea?: () => void
  /** why the last outline was not searched */
  problem?: string
}

export function MapToolbar({
  onSearchArea,
  tracing,
  onTrace,
  onStopTracing,
  onRemoveArea,
  problem,
}: MapToolbarProps) {
  const hintId = useId()
  return (
    <div className={styles.toolbar} ref={keepFromMap}>
      {onSearchArea && !tracing && (
        <button type="button" className={styles.mapButton} onClick={onSearchArea}>
          <Search size={16} aria-hidden="true" />
          Search this area
        </button>
      )}
      {tracing ? (
        <button type="button" className={styles.mapButton} onClick={onStopTracing}>
          <X size={16} aria-hidden="true" />
          Stop drawing
        </button>
      ) : (
        onTrace && (
          <button
            type="button"
            className={styles.mapButton}
            onClick={onTrace}
            aria-describedby={hintId}
            title="Drawing needs a mouse or touch; keyboard users can use Search this area"
          >
            <Pencil size={16} aria-hidden="true" />
            Draw an area
          </button>
        )
      )}
      <span id={hintId} className="visually-hidden">
        Drawing needs a mouse or touch; keyboard users can move the map and use Search this area
      </span>
      {onRemoveArea && !tracing && (
        <button type="button" className={styles.mapButton} onClick={onRemoveArea}>
          <X size={16} aria-hidden="true" />
          Remove area
        </button>
      )}
      {problem && !tracing && (
        <p className={styles.mapProblem} role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}

/** Our own controls sit inside Leaflet's box: their clicks and wheels must not zoom the map. */
export function keepFromMap(element: HTMLElement | null) {
  if (!element) return
  L.DomEvent.disableClickPropagation(element)
  L.DomEvent.disableScrollPropagation(element)
}
