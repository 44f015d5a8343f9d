// The 'Location' map of a listing: zoom 13, no scroll-wheel zoom, a marker whose popup shows the address.
import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet'
import type { Geolocation } from '../../shared/listing'
import { limits } from '../../shared/listing'
import markerIcon from './map-marker.svg'

// Leaflet guesses its marker image URL from its CSS, which a bundler rewrites: name it outright.
// A vector pin stays sharp at any pixel density, with no separate retina image or shadow to fetch.
const icon = L.icon({
  iconUrl: markerIcon,
  iconSize: [25, 41],
  iconAnchor: [12.5, 41],
  popupAnchor: [0, -34],
})

const defaultTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'

/** MAP_TILE_URL reaches the page as a meta tag that the server fills in. */
function tileUrl(): string {
  const configured = document.querySelector<HTMLMetaElement>('meta[name="map-tile-url"]')?.content
  return configured && !configured.includes('%') ? configured : defaultTileUrl
}

export default function ListingMap({ position, label }: { position: Geolocation; label: string }) {
  const center: [number, number] = [position.lat, position.lng]
  return (
    <MapContainer
      center={center}
      zoom={limits.mapZoom}
      scrollWheelZoom={false}
      style={{ height: '100%', width: '100%' }}
    >
      <TileLayer
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        url={tileUrl()}
        // On a high-density screen, tiles of the next zoom level at half size: sharp, not blurred.
        detectRetina
      />
      <Marker position={center} icon={icon} title={label} alt={label}>
        {/* Children of Popup render as React text, never as HTML. */}
        <Popup>{label}</Popup>
      </Marker>
    </MapContainer>
  )
}
