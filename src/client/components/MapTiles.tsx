// The tiles of every map in the app, from MAP_TILE_URL: the listing's location and the search's map.
// When tiles fail (offline, or the tile server down), the map says so over its grey and keeps its
// markers.
import { useMemo, useState } from 'react'
import { TileLayer } from 'react-leaflet'
import styles from './MapTiles.module.css'

const defaultTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'

/** MAP_TILE_URL reaches the page as a meta tag that the server fills in. */
function tileUrl(): string {
  const configured = document.querySelector<HTMLMetaElement>('meta[name="map-tile-url"]')?.content
  return configured && !configured.includes('%') ? configured : defaultTileUrl
}

export function MapTiles() {
  const [failed, setFailed] = useState(false)
  // A tile that loads after others failed means the server responds again.
  const eventHandlers = useMemo(
    () => ({ tileerror: () => setFailed(true), tileload: () => setFailed(false) }),
    [],
  )
  return (
    <>
      <TileLayer
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        url={tileUrl()}
        // On a high-density screen, tiles of the next zoom level at half size: sharp, not blurred.
        detectRetina
        eventHandlers={eventHandlers}
      />
      {failed && (
        <p className={styles.failed} role="status">
          Map tiles could not be loaded
        </p>
      )}
    </>
  )
}
