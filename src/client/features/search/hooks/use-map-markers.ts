// The search map's markers at its zoom: each listing's price pin, and a numbered badge wherever
// pins or badges would overlap on the screen. Worked out again on every zoom, in the browser.
import L, { type Map as LeafletMap } from 'leaflet'
import { useEffect, useMemo, useState } from 'react'
import type { MapResponse, MapCluster, MapItem } from '../../../../shared/listing-requests'
import { badgeSize, pinText } from '../components/search-map/map-pins'
import { nearestCopy } from '../components/search-map/map-view'
import { groupOverlapping, type Box, type PlacedMarker } from '../components/search-map/pin-groups'
import styles from '../components/search-map/SearchMap.module.css'

export type MapMarker =
  | { kind: 'pin'; key: string; item: MapItem }
  /** listings (and the server's clusters) to zoom in on */
  | { kind: 'group'; key: string; lat: number; lng: number; count: number; points: MapPoint[] }
  /** listings at one place, or that still overlap at the deepest zoom: a list of them */
  | { kind: 'place'; key: string; lat: number; lng: number; items: MapItem[] }

type MapPoint = MapItem | MapCluster
const isItem = (point: MapPoint): point is MapItem => 'id' in point
const memberKey = (point: MapPoint) => (isItem(point) ? point.id : `${point.lat},${point.lng}`)

/** Room kept around every marker, so that neighbours never touch. */
const gap = 3
/** How far a pin's bubble stands above its place: the height of its point (SearchMap.module.css). */
const pinPoint = 6

const pinSizes = new Map<string, { width: number; height: number }>()

/** A pin's size as the page lays it out: a hidden copy of it is measured once for each text. */
function pinSize(container: HTMLElement, text: string) {
  let size = pinSizes.get(text)
  if (!size) {
    const copy = document.createElement('div')
    copy.className = styles.pin ?? ''
    copy.style.cssText = 'position:absolute;visibility:hidden;translate:none'
    copy.textContent = text
    container.append(copy)
    const { width, height } = copy.getBoundingClientRect()
    copy.remove()
    size = { width, height }
    // Before the page's fonts are in, a width may be a little off: it is measured again later.
    if (document.fonts?.status !== 'loading') pinSizes.set(text, size)
  }
  return size
}

const badgeBox = (x: number, y: number, count: number): Box => {
  const half = badgeSize(count) / 2 + gap
  return { left: x - half, top: y - half, right: x + half, bottom: y + half }
}

/** The markers of a response at a zoom, none overlapping another. */
export function markersAt(
  map: LeafletMap,
  zoom: number,
  response: MapResponse,
  centreLng: number,
): MapMarker[] {
  const container = map.getContainer()
  const placed: PlacedMarker<MapPoint>[] = []
  for (const point of [...response.clusters, ...response.items]) {
    const shown = { ...point, lng: nearestCopy(point.lng, centreLng) }
    const { x, y } = map.project([shown.lat, shown.lng], zoom)
    if (isItem(shown)) {
      const { width, height } = pinSize(container, pinText(shown.price))
      const box = {
        left: x - width / 2 - gap,
        top: y - height - pinPoint - gap,
        right: x + width / 2 + gap,
        bottom: y + gap,
      }
      placed.push({ members: [shown], count: 1, x, y, box })
    } else {
      placed.push({ members: [shown], count: shown.count, x, y, box: badgeBox(x, y, shown.count) })
    }
  }
  const deepest = zoom >= map.getMaxZoom()
  return groupOverlapping(placed, badgeBox).map(({ members, count, x, y }): MapMarker => {
    const first = members[0]!
    if (members.length === 1 && isItem(first)) return { kind: 'pin', key: first.id, item: first }
    const items = members.filter(isItem)
    // Named by its least member, not its first: a new read of the same area may list the same
    // listings in another order, and a badge that kept its place must keep its element (and focus).
    const key = `${members.map(memberKey).sort()[0]}+${count}`
    const onePlace = items.every((item) => item.lat === first.lat && item.lng === first.lng)
    if (items.length === members.length && onePlace) {
      return { kind: 'place', key, lat: first.lat, lng: first.lng, items }
    }
    const { lat, lng } = map.unproject(L.point(x, y), zoom)
    if (items.length === members.length && deepest) return { kind: 'place', key, lat, lng, items }
    return { kind: 'group', key, lat, lng, count, points: members }
  })
}

/** The markers of the response at the map's zoom, again after each zoom. */
export function useMapMarkers(
  map: LeafletMap,
  response: MapResponse | undefined,
  centreLng: number,
): MapMarker[] {
  const [zoom, setZoom] = useState(() => map.getZoom())
  useEffect(() => {
    const onZoom = () => setZoom(map.getZoom())
    map.on('zoomend', onZoom)
    return () => {
      map.off('zoomend', onZoom)
    }
  }, [map])
  return useMemo(
    () => (response ? markersAt(map, zoom, response, centreLng) : []),
    [map, zoom, response, centreLng],
  )
}
