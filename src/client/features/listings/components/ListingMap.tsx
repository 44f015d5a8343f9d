// The 'Location' map of a listing: zoom 13, no scroll-wheel zoom, a marker whose popup shows the address.
import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { MapContainer, Marker, Popup } from 'react-leaflet'
import type { Geolocation } from '../../../../shared/listing'
import { limits } from '../../../../shared/listing'
import { MapTiles } from '../../../components/MapTiles'
import markerIcon from './map-marker.svg'

// Leaflet guesses its marker image URL from its CSS, which a bundler rewrites: name it outright.
// A vector pin stays sharp at any pixel density, with no separate retina image or shadow to fetch.
const icon = L.icon({
  iconUrl: markerIcon,
  iconSize: [25, 41],
  iconAnchor: [12.5, 41],
  popupAnchor: [0, -34],
})

export default function ListingMap({ position, label }: { position: Geolocation; label: string }) {
  const center: [number, number] = [position.lat, position.lng]
  return (
    <MapContainer
      center={center}
      zoom={limits.mapZoom}
      scrollWheelZoom={false}
      style={{ height: '100%', width: '100%' }}
    >
      <MapTiles />
      <Marker position={center} icon={icon} title={label} alt={label}>
        {/* Children of Popup render as React text, never as HTML. */}
        <Popup>{label}</Popup>
      </Marker>
    </MapContainer>
  )
}
