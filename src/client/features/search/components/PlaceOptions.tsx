// The places the search box suggests: a listbox under the box, over the page. The focus stays in
// the box; the option the arrows are on is marked with aria-selected and aria-activedescendant.
import { MapPin } from 'lucide-react'
import type { Place } from '../api/places'
import { homeCount } from './home-count'
import { placeFullName, placeWhere } from './place-names'
import styles from './PlaceOptions.module.css'

/** The id of the option at `index` of the listbox `listId`. */
export const placeOptionId = (listId: string, index: number) => `${listId}-${index}`

interface PlaceOptionsProps {
  id: string
  places: Place[]
  open: boolean
  /** the option the arrows are on, or -1 */
  active: number
  onChoose: (place: Place) => void
  /** the pointer is over the option at this index */
  onPoint: (index: number) => void
}

export function PlaceOptions({ id, places, open, active, onChoose, onPoint }: PlaceOptionsProps) {
  // Always in the page, so that the box's aria-controls names an element; hidden while closed.
  return (
    <ul id={id} role="listbox" aria-label="Places" className={styles.places} hidden={!open}>
      {open &&
        places.map((place, index) => (
          <li
            key={place.id}
            id={placeOptionId(id, index)}
            role="option"
            aria-selected={index === active}
            aria-label={`${placeFullName(place)}, ${homeCount(place.count)}`}
            className={styles.place}
            // The box keeps the focus: a press on an option must not blur it first.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => index !== active && onPoint(index)}
            onClick={() => onChoose(place)}
          >
            <MapPin className={styles.placeIcon} size={18} aria-hidden="true" />
            <span className={styles.placeText}>
              <span className={styles.placeName}>{place.name}</span>
              <span className={styles.placeWhere}>{placeWhere(place)}</span>
            </span>
            <span className={styles.placeCount}>{homeCount(place.count)}</span>
          </li>
        ))}
    </ul>
  )
}
