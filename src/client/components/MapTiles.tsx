// The tiles of every map in the app, from MAP_TILE_URL: the listing's location and the search's map.
import { TileLayer } from 'react-leaflet'

const defaultTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'

/** MAP_TILE_URL reaches the page as a meta tag that the server fills in. */
function tileUrl(): string {
  const configured = document.querySelector<HTMLMetaElement>('meta[name="map-tile-url"]')?.content
  return configured && !configured.includes('%') ? configured : defaultTileUrl
}

export function MapTiles() {
  return (
    <TileLayer
      attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
      url={tileUrl()}
      // On a high-density screen, tiles of the next zoom level at half size: sharp, not blurred.
      detectRetina
    />
  )
}
