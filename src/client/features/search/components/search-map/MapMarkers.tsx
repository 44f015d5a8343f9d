// The search map's markers as React-Leaflet markers: a listing's price pin opens its card, a
// numbered badge zooms in on what it holds, and a badge of listings at one place lists them.
import L, { type Marker as LeafletMarker } from 'leaflet'
import { useEffect, useMemo, useRef, type RefObject } from 'react'
import { Marker, Popup, useMap } from 'react-leaflet'
import { Link } from 'react-router'
import { formatPrice } from '../../../../../shared/format'
import type { MapItem } from '../../../../../shared/listing-requests'
import { listingPagePath } from '../../../../../shared/screens'
import { clusterIcon, placeIcon, pricePinIcon } from './map-pins'
import type { MapMarker } from '../../hooks/use-map-markers'
import styles from './SearchMap.module.css'

/** A server's cluster alone goes this many levels closer, where its listings start to stand apart. */
const clusterZoomStep = 2
/** Room around a badge's listings when the map zooms in on them. */
const groupPadding = L.point(96, 96)

/** Enter and Space press a marker, as they press a button (Leaflet itself only knows Enter). */
const pressKeys = ['Enter', ' ']

interface Highlight {
  /** the listing whose card is pointed at or focused */
  highlightedId?: string
  /** a pin is pointed at (its listing's id) or left (undefined) */
  onHighlight?: (id: string | undefined) => void
}

export function MapMarkerView({ marker, ...highlight }: { marker: MapMarker } & Highlight) {
  switch (marker.kind) {
    case 'pin':
      return <PricePin item={marker.item} {...highlight} />
    case 'group':
      return <GroupMarker marker={marker} />
    case 'place':
      return <PlaceMarker marker={marker} />
  }
}

function GroupMarker({ marker }: { marker: Extract<MapMarker, { kind: 'group' }> }) {
  const map = useMap()
  const { lat, lng, count, points } = marker
  const icon = useMemo(() => clusterIcon(count), [count])
  const eventHandlers = useMemo(() => {
    const zoomIn = () => {
      const bounds = L.latLngBounds(points.map((point) => L.latLng(point.lat, point.lng)))
      const zoom = map.getZoom()
      // A server's cluster hides where its listings are: closer by steps. Listings known one by
      // one: as close as shows them all, and at least one level closer.
      const fitted = points.some((point) => 'count' in point)
        ? zoom + clusterZoomStep
        : Math.max(zoom + 1, map.getBoundsZoom(bounds, false, groupPadding))
      map.setView(bounds.getCenter(), Math.min(fitted, map.getMaxZoom()))
      // The badge goes once the map has zoomed: the keyboard carries on from the map.
      map.getContainer().focus({ preventScroll: true })
    }
    return {
      click: zoomIn,
      keydown: (event: L.LeafletKeyboardEvent) => {
        if (!pressKeys.includes(event.originalEvent.key)) return
        event.originalEvent.preventDefault()
        zoomIn()
      },
    }
  }, [map, points])
  const position = useMemo((): L.LatLngTuple => [lat, lng], [lat, lng])
  return <Marker position={position} icon={icon} eventHandlers={eventHandlers} />
}

/** The handlers that mark a marker open while its popup is, and open it on Space too. */
function usePopupHandlers(marker: RefObject<LeafletMarker | null>) {
  return useMemo(
    () => ({
      popupopen: () => marker.current?.getElement()?.setAttribute('data-open', ''),
      popupclose: () => marker.current?.getElement()?.removeAttribute('data-open'),
      // Leaflet opens a marker's popup on Enter; Space is the other key of a button.
      keydown: (event: L.LeafletKeyboardEvent) => {
        if (event.originalEvent.key !== ' ') return
        event.originalEvent.preventDefault()
        marker.current?.openPopup()
      },
    }),
    [marker],
  )
}

function PlaceMarker({ marker: place }: { marker: Extract<MapMarker, { kind: 'place' }> }) {
  const marker = useRef<LeafletMarker>(null)
  const { lat, lng, items } = place
  const icon = useMemo(() => placeIcon(items.length), [items.length])
  const position = useMemo((): L.LatLngTuple => [lat, lng], [lat, lng])
  const eventHandlers = usePopupHandlers(marker)
  return (
    <Marker ref={marker} position={position} icon={icon} eventHandlers={eventHandlers}>
      <Popup className={styles.popup}>
        <ul className={styles.placeList} aria-label={`${items.length} homes here`}>
          {items.map((item, index) => (
            <li key={item.id}>
              <ListingLink item={item} marker={marker} focused={index === 0} />
            </li>
          ))}
        </ul>
      </Popup>
    </Marker>
  )
}

function PricePin({ item, highlightedId, onHighlight }: { item: MapItem } & Highlight) {
  const marker = useRef<LeafletMarker>(null)
  const { id, name, price, type, lat, lng } = item
  const icon = useMemo(() => pricePinIcon({ name, price, type }), [name, price, type])
  // A new position moves the marker, and an open card with it: only when the listing has moved.
  const position = useMemo((): L.LatLngTuple => [lat, lng], [lat, lng])
  const popupHandlers = usePopupHandlers(marker)
  const eventHandlers = useMemo(
    () => ({
      ...popupHandlers,
      mouseover: () => onHighlight?.(id),
      mouseout: () => onHighlight?.(undefined),
    }),
    [popupHandlers, onHighlight, id],
  )
  // The card of this listing is pointed at: the pin lights up, above its neighbours.
  const highlighted = highlightedId === id
  useEffect(() => {
    const shown = marker.current
    const element = shown?.getElement()
    if (!highlighted || !shown || !element) return
    element.setAttribute('data-highlighted', '')
    shown.setZIndexOffset(1000)
    return () => {
      element.removeAttribute('data-highlighted')
      shown.setZIndexOffset(0)
    }
  }, [highlighted])
  return (
    <Marker ref={marker} position={position} icon={icon} riseOnHover eventHandlers={eventHandlers}>
      <Popup className={styles.popup}>
        <ListingLink item={item} marker={marker} focused />
      </Popup>
    </Marker>
  )
}

/** One link to a listing with its price and name, in a popup (Popup renders it as React). */
function ListingLink({
  item,
  marker,
  focused,
}: {
  item: MapItem
  marker: RefObject<LeafletMarker | null>
  /** the keyboard goes on from the marker to this link */
  focused: boolean
}) {
  const map = useMap()
  const link = useRef<HTMLAnchorElement>(null)
  // The keyboard goes on from the marker into its popup, and comes back to it when it closes.
  useEffect(() => {
    if (!focused) return
    link.current?.focus({ preventScroll: true })
    const opened = marker.current
    return () => {
      if (document.activeElement === document.body) {
        opened?.getElement()?.focus({ preventScroll: true })
      }
    }
  }, [marker, focused])
  return (
    <Link
      ref={link}
      to={listingPagePath(item)}
      className={styles.card}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        map.closePopup()
        marker.current?.getElement()?.focus({ preventScroll: true })
      }}
    >
      <span className={styles.cardPrice}>
        ${formatPrice(item.price)}
        {item.type === 'rent' && <span className={styles.cardPeriod}> / Month</span>}
      </span>
      <span className={styles.cardName}>{item.name}</span>
    </Link>
  )
}
