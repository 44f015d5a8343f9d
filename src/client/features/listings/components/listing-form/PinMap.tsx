// The small map of the listing form: the pin is dragged, put where the map is tapped or clicked,
// or moved with the arrow keys once focused.
import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet'
import type { Geolocation } from '../../../../../shared/listing'
import { MapTiles } from '../../../../components/MapTiles'
import markerIcon from '../map-marker.svg'

/** Street level: close enough to tell one side of a street from the other. */
const pinZoom = 16
/** How far one arrow key moves the pin, in screen pixels (Shift: five times as far). */
const keyStepPx = 10

export const pinName = 'Listing pin, move it with the arrow keys'

const icon = L.icon({ iconUrl: markerIcon, iconSize: [25, 41], iconAnchor: [12.5, 41] })

const arrows: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
}

interface PinMapProps {
  pin: Geolocation
  /** Changes when the address placed the pin anew: the map then centres on it. */
  placedFor: string
  onMove: (pin: Geolocation) => void
}

export default function PinMap({ pin, placedFor, onMove }: PinMapProps) {
  return (
    <MapContainer
      center={[pin.lat, pin.lng]}
      zoom={pinZoom}
      scrollWheelZoom={false}
      style={{ height: '100%', width: '100%' }}
    >
      <MapTiles />
      <DraggablePin pin={pin} placedFor={placedFor} onMove={onMove} />
    </MapContainer>
  )
}

const toPoint = ({ lat, lng }: L.LatLng): Geolocation => ({ lat, lng })

function DraggablePin({ pin, placedFor, onMove }: PinMapProps) {
  const map = useMap()
  const marker = useRef<L.Marker>(null)
  // The newest pin and handler, for the listeners below, which are added once.
  const latest = useRef({ pin, onMove })
  useEffect(() => {
    latest.current = { pin, onMove }
  })

  useMapEvents({ click: (event) => onMove(toPoint(event.latlng)) })

  // A new address: show where it landed.
  useEffect(() => {
    const { lat, lng } = latest.current.pin
    map.setView([lat, lng], pinZoom)
  }, [map, placedFor])

  // Listened for on the map, which exists from the start: the pin's own element is made only
  // once Leaflet adds the marker. A layout effect, so that no key pressed on a pin already shown
  // comes before the listener (a passive effect may run later, under load).
  useLayoutEffect(() => {
    const container = map.getContainer()
    const onKeyDown = (event: KeyboardEvent) => {
      const arrow = arrows[event.key]
      const element = marker.current?.getElement()
      if (!arrow || !element || event.target !== element) return
      event.preventDefault()
      event.stopPropagation()
      const step = event.shiftKey ? keyStepPx * 5 : keyStepPx
      const { lat, lng } = latest.current.pin
      const at = map.latLngToContainerPoint([lat, lng])
      const next = map.containerPointToLatLng(at.add([arrow[0] * step, arrow[1] * step]))
      map.panInside(next)
      latest.current.onMove(toPoint(next))
    }
    // Capture: ahead of Leaflet's own keyboard panning of the map.
    container.addEventListener('keydown', onKeyDown, { capture: true })
    return () => container.removeEventListener('keydown', onKeyDown, { capture: true })
  }, [map])

  return (
    <Marker
      ref={marker}
      position={[pin.lat, pin.lng]}
      icon={icon}
      draggable
      title={pinName}
      alt={pinName}
      eventHandlers={{
        dragend: () => {
          if (marker.current) onMove(toPoint(marker.current.getLatLng()))
        },
      }}
    />
  )
}
