// The 'Map' view of a search: its results as price pins and numbered clusters on the tiles of the
// listing's map. The server groups the pins; this chunk, Leaflet with it, loads only when shown.
import 'leaflet/dist/leaflet.css'
import L, { type Map as LeafletMap, type Marker as LeafletMarker } from 'leaflet'
import { Search } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { MapContainer, Marker, Popup, useMap } from 'react-leaflet'
import { Link } from 'react-router'
import { formatPrice } from '../../../shared/format'
import { limits } from '../../../shared/listing'
import type { Bbox, ListingFilter, MapCluster, MapItem } from '../../../shared/listing-requests'
import { listingPagePath } from '../../../shared/screens'
import { useListingMap } from '../../api/listings'
import { MapTiles } from '../MapTiles'
import { clusterIcon, pricePinIcon } from './map-pins'
import {
  answerCorners,
  bboxCorners,
  bboxKey,
  nearestCopy,
  queryZoom,
  viewBbox,
  worldBbox,
  type Corners,
} from './map-view'
import styles from './SearchMap.module.css'

export interface SearchMapProps {
  /** the search's filters; `filter.bbox` is the area searched, if any */
  filter: ListingFilter
  /** 'Search this area' was pressed with the map showing `bbox` */
  onSearchArea: (bbox: Bbox) => void
  className?: string
}

/** The tiles' deepest level. */
const maxZoom = 18
/** How long the map rests before its view is fetched: one request for a pan, not one a frame. */
const settleMs = 300
/** Room around the results when the map is fitted to them, so no pin sits on the edge. */
const resultsPadding: L.PointTuple = [48, 48]
/** A cluster's click goes this many levels closer, where its listings start to stand apart. */
const clusterZoomStep = 2

export default function SearchMap({ filter, onSearchArea, className }: SearchMapProps) {
  // The first view: the area searched, or the whole world until the first answer says where.
  const [firstView] = useState(() => bboxCorners(filter.bbox ?? worldBbox))
  return (
    <div
      className={className ? `${styles.searchMap} ${className}` : styles.searchMap}
      role="region"
      aria-label="Map of the results"
    >
      <MapContainer bounds={firstView} maxZoom={maxZoom} className={styles.leaflet}>
        <MapTiles />
        <SearchMapContent filter={filter} onSearchArea={onSearchArea} />
      </MapContainer>
    </div>
  )
}

interface MapView {
  bbox: Bbox
  zoom: number
  /** Leaflet's own, which may lie past ±180 where the view crosses the meridian */
  centreLng: number
}

function readView(map: LeafletMap): MapView {
  const bounds = map.getBounds()
  return {
    bbox: viewBbox({
      west: bounds.getWest(),
      south: bounds.getSouth(),
      east: bounds.getEast(),
      north: bounds.getNorth(),
    }),
    zoom: queryZoom(map.getZoom()),
    centreLng: map.getCenter().lng,
  }
}

function SearchMapContent({ filter, onSearchArea }: Omit<SearchMapProps, 'className'>) {
  const map = useMap()
  const [view, setView] = useState(() => readView(map))
  // The area the visitor moved the map away from: 'Search this area' is offered while the page
  // still searches it, and goes when the page brings another (Back, a link).
  const [movedFrom, setMovedFrom] = useState<string | null>(null)
  // True while this code moves the map, so that only the visitor's moves offer a new search.
  const fitting = useRef(false)
  // Without an area searched, the first answer decides where to look, unless the visitor has.
  const awaitingFit = useRef(!filter.bbox)
  // The area the map was last fitted to or searched: the one the page's `filter.bbox` names.
  const shownArea = useRef(bboxKey(filter.bbox))

  const { data, isFetching, isPlaceholderData } = useListingMap(
    { ...filter, bbox: view.bbox },
    view.zoom,
  )

  const fitQuietly = useCallback(
    (corners: Corners, options: L.FitBoundsOptions) => {
      fitting.current = true
      try {
        // Without animation Leaflet moves at once, so its movestart comes while `fitting` holds.
        map.fitBounds(corners, { ...options, animate: false })
      } finally {
        fitting.current = false
      }
    },
    [map],
  )

  useEffect(() => {
    let settle: ReturnType<typeof setTimeout> | undefined
    // A card opening near the edge nudges the map to show it whole: not a move to look elsewhere.
    let autoPanning = false
    const onAutoPanStart = () => {
      autoPanning = true
    }
    const onMoveStart = () => {
      if (fitting.current || autoPanning) {
        autoPanning = false
        return
      }
      awaitingFit.current = false
      setMovedFrom(shownArea.current)
    }
    const onMoveEnd = () => {
      clearTimeout(settle)
      settle = setTimeout(() => setView(readView(map)), settleMs)
    }
    map.on({ autopanstart: onAutoPanStart, movestart: onMoveStart, moveend: onMoveEnd })
    // Leaflet follows the window's size; the page may also resize the map's own box.
    const resize = new ResizeObserver(() => map.invalidateSize({ debounceMoveend: true }))
    resize.observe(map.getContainer())
    return () => {
      clearTimeout(settle)
      resize.disconnect()
      map.off({ autopanstart: onAutoPanStart, movestart: onMoveStart, moveend: onMoveEnd })
    }
  }, [map])

  const firstAnswer = isPlaceholderData ? undefined : data
  useEffect(() => {
    if (!firstAnswer || !awaitingFit.current) return
    awaitingFit.current = false
    const corners = answerCorners(firstAnswer)
    if (corners) fitQuietly(corners, { padding: resultsPadding, maxZoom: limits.mapZoom })
  }, [firstAnswer, fitQuietly])

  // An area that the page brings (Back, a shared link), not the one this map just searched.
  const area = filter.bbox
  const areaKey = bboxKey(area)
  useEffect(() => {
    if (areaKey === shownArea.current) return
    shownArea.current = areaKey
    if (!area) return
    awaitingFit.current = false
    fitQuietly(bboxCorners(area), {})
  }, [area, areaKey, fitQuietly])

  function searchThisArea() {
    // A flick may still be gliding: stop it, so that the area searched is the one left on show.
    map.stop()
    const { bbox } = readView(map)
    shownArea.current = bboxKey(bbox)
    setMovedFrom(null)
    onSearchArea(bbox)
  }

  return (
    <>
      {data?.clusters.map((cluster) => (
        <ClusterMarker
          key={`${cluster.lat},${cluster.lng}`}
          cluster={{ ...cluster, lng: nearestCopy(cluster.lng, view.centreLng) }}
        />
      ))}
      {data?.items.map((item) => (
        <PricePin key={item.id} item={{ ...item, lng: nearestCopy(item.lng, view.centreLng) }} />
      ))}
      {movedFrom === areaKey && (
        <button
          type="button"
          className={styles.searchArea}
          ref={keepFromMap}
          onClick={searchThisArea}
        >
          <Search size={16} aria-hidden="true" />
          Search this area
        </button>
      )}
      {isFetching && <div className={styles.loading} aria-hidden="true" />}
    </>
  )
}

/** Our own controls sit inside Leaflet's box: their clicks and wheels must not zoom the map. */
function keepFromMap(element: HTMLElement | null) {
  if (!element) return
  L.DomEvent.disableClickPropagation(element)
  L.DomEvent.disableScrollPropagation(element)
}

/** Enter and Space press a marker, as they press a button (Leaflet itself only knows Enter). */
const pressKeys = ['Enter', ' ']

function ClusterMarker({ cluster }: { cluster: MapCluster }) {
  const map = useMap()
  const { lat, lng, count } = cluster
  const icon = useMemo(() => clusterIcon(count), [count])
  const eventHandlers = useMemo(() => {
    const zoomIn = () => {
      map.setView([lat, lng], Math.min(map.getZoom() + clusterZoomStep, map.getMaxZoom()))
      // The badge goes once the closer answer comes: the keyboard carries on from the map.
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
  }, [map, lat, lng])
  const position = useMemo((): L.LatLngTuple => [lat, lng], [lat, lng])
  return <Marker position={position} icon={icon} eventHandlers={eventHandlers} />
}

function PricePin({ item }: { item: MapItem }) {
  const marker = useRef<LeafletMarker>(null)
  const { name, price, type, lat, lng } = item
  const icon = useMemo(() => pricePinIcon({ name, price, type }), [name, price, type])
  // A new position moves the marker, and an open card with it: only when the listing has moved.
  const position = useMemo((): L.LatLngTuple => [lat, lng], [lat, lng])
  const eventHandlers = useMemo(
    () => ({
      popupopen: () => marker.current?.getElement()?.setAttribute('data-open', ''),
      popupclose: () => marker.current?.getElement()?.removeAttribute('data-open'),
      // Leaflet opens a pin's card on Enter; Space is the other key of a button.
      keydown: (event: L.LeafletKeyboardEvent) => {
        if (event.originalEvent.key !== ' ') return
        event.originalEvent.preventDefault()
        marker.current?.openPopup()
      },
    }),
    [],
  )
  return (
    <Marker ref={marker} position={position} icon={icon} riseOnHover eventHandlers={eventHandlers}>
      <Popup className={styles.popup}>
        <PinCard item={item} pin={marker} />
      </Popup>
    </Marker>
  )
}

/** A pin's card: one link to the listing with its price and name (Popup renders it as React). */
function PinCard({ item, pin }: { item: MapItem; pin: RefObject<LeafletMarker | null> }) {
  const map = useMap()
  const link = useRef<HTMLAnchorElement>(null)
  // The keyboard goes on from the pin into its card, and comes back to the pin when it closes.
  useEffect(() => {
    link.current?.focus({ preventScroll: true })
    const marker = pin.current
    return () => {
      if (document.activeElement === document.body) {
        marker?.getElement()?.focus({ preventScroll: true })
      }
    }
  }, [pin])
  return (
    <Link
      ref={link}
      to={listingPagePath(item)}
      className={styles.card}
      onKeyDown={(event) => {
        if (event.key === 'Escape') map.closePopup()
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
