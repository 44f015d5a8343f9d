// The map while the visitor outlines an area: a sheet over the tiles that follows one pointer
// (mouse, pen or finger) from press to release and shows the line as it goes. The map does not
// pan meanwhile; Escape or a second finger gives up.
import { useMap } from 'react-leaflet'
import { useEffect, useRef, useState, type PointerEvent } from 'react'
import type { Geolocation } from '../../../../../shared/listing'
import styles from './SearchMap.module.css'

interface AreaTracingProps {
  /** the outline as traced, in degrees, in the order the pointer went */
  onTraced: (path: Geolocation[]) => void
  onCancel: () => void
}

/** Points closer than this to the last one add nothing a hand meant. */
const minStepPx = 4

export function AreaTracing({ onTraced, onCancel }: AreaTracingProps) {
  const map = useMap()
  const [points, setPoints] = useState<[number, number][]>([])
  const pointer = useRef<number | null>(null)

  // The map stays still under the pointer while it traces.
  useEffect(() => {
    const handlers = [map.dragging, map.doubleClickZoom, map.boxZoom, map.touchZoom]
    const wereOn = handlers.map((handler) => handler.enabled())
    for (const handler of handlers) handler.disable()
    return () => {
      handlers.forEach((handler, index) => {
        if (wereOn[index]) handler.enable()
      })
    }
  }, [map])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [onCancel])

  const at = (event: PointerEvent<HTMLDivElement>): [number, number] => {
    const box = event.currentTarget.getBoundingClientRect()
    return [event.clientX - box.left, event.clientY - box.top]
  }

  function press(event: PointerEvent<HTMLDivElement>) {
    if (pointer.current !== null) {
      // A second finger: a pinch, not a line.
      pointer.current = null
      setPoints([])
      return
    }
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    pointer.current = event.pointerId
    setPoints([at(event)])
  }

  function move(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerId !== pointer.current) return
    const next = at(event)
    setPoints((current) => {
      const last = current[current.length - 1]
      if (last && Math.hypot(next[0] - last[0], next[1] - last[1]) < minStepPx) return current
      return [...current, next]
    })
  }

  function release(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerId !== pointer.current) return
    pointer.current = null
    const path = [...points, at(event)].map(([x, y]) => {
      const { lat, lng } = map.containerPointToLatLng([x, y])
      return { lat, lng }
    })
    setPoints([])
    onTraced(path)
  }

  return (
    <div
      className={styles.tracing}
      onPointerDown={press}
      onPointerMove={move}
      onPointerUp={release}
      onPointerCancel={() => {
        pointer.current = null
        setPoints([])
      }}
    >
      <svg className={styles.trace} aria-hidden="true">
        <polyline points={points.map((point) => point.join(',')).join(' ')} />
      </svg>
      <p className={styles.tracingHint} role="status">
        Draw around the area you want
      </p>
    </div>
  )
}
