// The 'Map' view of a search: its results as price pins and numbered clusters on the tiles of the
// listing's map, and the area outlined to search in. The server groups the pins above 200, the
// browser those that would overlap; this chunk, Leaflet with it, loads only when shown.
import 'leaflet/dist/leaflet.css'
import type L from 'leaflet'
import type { Map as LeafletMap } from 'leaflet'
import { useCallback, useEffect, useRef, useState } from 'react'
import { MapContainer, Polygon as AreaShape, useMap } from 'react-leaflet'
import { limits } from '../../../../../shared/listing'
import { worldBbox, type Bbox, type ListingFilter } from '../../../../../shared/listing-requests'
import { useListingMap } from '../../../listings/api/listings'
import { MapTiles } from '../../../../components/MapTiles'
import { MapMarkerView } from './MapMarkers'
import { MapToolbar } from './MapToolbar'
import { AreaTracing } from './AreaTracing'
import { areaOfOutline } from './area-outline'
import type { Geolocation } from '../../../../../shared/listing'
import { polygonBox, type Polygon } from '../../../../../shared/polygon'
import {
  responseCorners,
  bboxCorners,
  bboxKey,
  filterKey,
  queryZoom,
  viewBbox,
  type Corners,
} from './map-view'
import styles from './SearchMap.module.css'
import { useMapMarkers } from '../../hooks/use-map-markers'

export interface SearchMapProps {
  /** the search's filters; `filter.bbox` or `filter.polygon` is the area searched, if any */
  filter: ListingFilter
  /** 'Search this area' was pressed with the map showing `bbox` */
  onSearchArea: (bbox: Bbox) => void
  /** the box of the place searched, once known: the map shows it, unless an area is searched */
  placeBox?: Bbox
  /** an area was outlined on the map, and simplified to a polygon the search takes */
  onDrawArea?: (polygon: Polygon) => void
  /** 'Remove area' was pressed */
  onRemoveArea?: () => void
  /** the listing whose card is pointed at or focused: its pin lights up */
  highlightedId?: string
  /** a pin is pointed at (its listing's id) or left (undefined) */
  onHighlight?: (id: string | undefined) => void
  className?: string
}

/** The tiles' deepest level. */
const maxZoom = 18
/** How long the map rests before its view is fetched: one request for a pan, not one a frame. */
const settleMs = 300
/** Room around the results when the map is fitted to them, so no pin sits on the edge. */
const resultsPadding: L.PointTuple = [48, 48]

export default function SearchMap({ className, ...props }: SearchMapProps) {
  const { filter, placeBox } = props
  // The first view: the area searched, or the whole world until the first response says where.
  const [firstView] = useState(() => bboxCorners(searchedArea(filter) ?? placeBox ?? worldBbox))
  return (
    <div
      className={className ? `${styles.searchMap} ${className}` : styles.searchMap}
      role="region"
      aria-label="Map of the results"
    >
      <MapContainer bounds={firstView} maxZoom={maxZoom} className={styles.leaflet}>
        <MapTiles />
        <SearchMapContent {...props} />
      </MapContainer>
    </div>
  )
}

/** The box of the area searched: the map's view searched, or an area outlined on it. */
function searchedArea(filter: ListingFilter): Bbox | undefined {
  return filter.bbox ?? (filter.polygon && polygonBox(filter.polygon))
}

/** What the map asks the server for: the listings of a box, grouped at a zoom. */
interface MapRead {
  bbox: Bbox
  zoom: number
}

interface MapView extends MapRead {
  /** Leaflet's own, which may lie past ±180 where the view crosses the meridian */
  centreLng: number
}

/** The whole world at the zoom that shows it, where the map looks for results to fit itself to. */
function worldRead(map: LeafletMap): MapRead {
  return { bbox: worldBbox, zoom: queryZoom(map.getBoundsZoom(bboxCorners(worldBbox))) }
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

function SearchMapContent({
  filter,
  onSearchArea,
  placeBox,
  onDrawArea,
  onRemoveArea,
  highlightedId,
  onHighlight,
}: Omit<SearchMapProps, 'className'>) {
  const map = useMap()
  const [tracing, setTracing] = useState(false)
  const [problem, setProblem] = useState<string>()
  const [view, setView] = useState(() => readView(map))
  // The area the visitor moved the map away from: 'Search this area' is offered while the page
  // still searches it, and goes when the page brings another (Back, a link).
  const [movedFrom, setMovedFrom] = useState<string | null>(null)
  // True while this code moves the map, so that only the visitor's moves offer a new search.
  const fitting = useRef(false)
  // Without an area searched, the map reads the whole world until its response says where the
  // results are, fits itself to them, then reads its view again: on the first response, and again
  // for each new search. A visitor who moves the map first has chosen where to look.
  const [seeking, setSeeking] = useState(() =>
    searchedArea(filter) || placeBox ? null : worldRead(map),
  )
  // The search the map fitted itself to last, so that each is fitted to once.
  const fittedFor = useRef<MapRead | null>(null)
  // The area the map was last fitted to or searched: the one the page's `filter.bbox` names.
  const shownArea = useRef(bboxKey(filter.bbox))

  // The page's search as this map saw it last. A new one without an area is looked for, wherever
  // the map stands, unless it has a place to show; new filters within an area keep the map on it.
  const area = searchedArea(filter)
  const areaKey = bboxKey(area)
  const resultsKey = filterKey(filter)
  const placeKey = bboxKey(placeBox)
  const [search, setSearch] = useState({ areaKey, resultsKey, placeKey })
  if (
    search.areaKey !== areaKey ||
    search.resultsKey !== resultsKey ||
    search.placeKey !== placeKey
  ) {
    setSearch({ areaKey, resultsKey, placeKey })
    setSeeking(area || placeBox ? null : worldRead(map))
    setProblem(undefined)
    // The map goes to the new results: where the visitor had moved it is no area to offer now.
    if (!area) setMovedFrom(null)
  }

  const read = seeking ?? view
  const { data, isFetching, isPlaceholderData } = useListingMap(
    { ...filter, bbox: read.bbox },
    read.zoom,
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
      setSeeking(null)
      setMovedFrom(shownArea.current)
    }
    const onMoveEnd = () => {
      clearTimeout(settle)
      settle = setTimeout(() => {
        // Once fitted to its results, the map reads its own view (a resize before does not end it).
        setSeeking((current) => (current === fittedFor.current ? null : current))
        setView(readView(map))
      }, settleMs)
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

  const markers = useMapMarkers(map, data, view.centreLng)

  const response = isPlaceholderData ? undefined : data
  useEffect(() => {
    if (!seeking || !response || fittedFor.current === seeking) return
    fittedFor.current = seeking
    const corners = responseCorners(response)
    if (corners) fitQuietly(corners, { padding: resultsPadding, maxZoom: limits.mapZoom })
  }, [seeking, response, fitQuietly])

  // An area that the page brings (Back, a shared link), not the one this map just searched.
  useEffect(() => {
    if (areaKey === shownArea.current) return
    shownArea.current = areaKey
    if (area) fitQuietly(bboxCorners(area), {})
  }, [area, areaKey, fitQuietly])

  // A place searched: the map shows its box rather than looking for the results.
  useEffect(() => {
    if (!placeBox || area) return
    fitQuietly(bboxCorners(placeBox), {})
  }, [placeBox, area, fitQuietly])

  function searchThisArea() {
    // A flick may still be gliding: stop it, so that the area searched is the one left on show.
    map.stop()
    const { bbox } = readView(map)
    shownArea.current = bboxKey(bbox)
    setMovedFrom(null)
    onSearchArea(bbox)
  }

  const stopTracing = useCallback(() => setTracing(false), [])
  function searchOutline(path: Geolocation[]) {
    setTracing(false)
    const outlined = areaOfOutline(path)
    if ('problem' in outlined) return setProblem(outlined.problem)
    // The map stays where the visitor drew: the area's box is the one on show now.
    shownArea.current = bboxKey(polygonBox(outlined.polygon))
    setMovedFrom(null)
    onDrawArea?.(outlined.polygon)
  }

  return (
    <>
      {filter.polygon && (
        <AreaShape
          positions={filter.polygon.map(({ lat, lng }): L.LatLngTuple => [lat, lng])}
          pathOptions={areaStyle}
          interactive={false}
        />
      )}
      {markers.map((marker) => (
        <MapMarkerView
          key={marker.key}
          marker={marker}
          highlightedId={highlightedId}
          onHighlight={onHighlight}
        />
      ))}
      <MapToolbar
        onSearchArea={movedFrom === areaKey ? searchThisArea : undefined}
        tracing={tracing}
        onTrace={
          onDrawArea &&
          (() => {
            setProblem(undefined)
            setTracing(true)
          })
        }
        onStopTracing={stopTracing}
        onRemoveArea={filter.polygon ? onRemoveArea : undefined}
        problem={problem}
      />
      {tracing && <AreaTracing onTraced={searchOutline} onCancel={stopTracing} />}
      {isFetching && <div className={styles.loading} aria-hidden="true" />}
    </>
  )
}

/** The outlined area: a green line round a faint wash, under the pins. */
const areaStyle: L.PathOptions = {
  color: '#007a3d',
  weight: 3,
  fillColor: '#007a3d',
  fillOpacity: 0.08,
}
