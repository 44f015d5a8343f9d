// The address checked with the geocoder when the owner leaves the field or asks, and the pin that
// starts where it lands: the first guess that the owner then moves to the home's exact spot.
import { useRef, useState } from 'react'
import type { Geolocation } from '../../../../shared/listing'
import { ApiError } from '../../../api/http'
import { geocodeAddress, type GeocodeResult } from '../api/listing-writes'

export interface PlacedPin {
  /** The address (trimmed) the pin belongs to. */
  address: string
  /** Where that address geocodes to; null on Edit, where the pin starts at the stored point. */
  place: GeocodeResult | null
  pin: Geolocation
  /** The owner moved the pin since the address was placed. */
  moved: boolean
}

/** idle, or what the last check of the address found out. */
export type AddressStatus = 'idle' | 'checking' | 'unplaced' | 'failed'

export function useAddressCheck(stored?: { address: string; pin: Geolocation }) {
  const [placed, setPlacedState] = useState<PlacedPin | null>(
    stored ? { address: stored.address.trim(), place: null, pin: stored.pin, moved: false } : null,
  )
  const [status, setStatus] = useState<AddressStatus>('idle')
  // Said once when a new address takes back a pin the owner had moved.
  const [pinWentBack, setPinWentBack] = useState(false)
  // Async checks read and write the newest pin, not the one of the render that started them.
  const placedRef = useRef(placed)
  const latest = useRef<{ address: string; promise: Promise<PlacedPin> } | null>(null)

  const setPlaced = (next: PlacedPin) => {
    placedRef.current = next
    setPlacedState(next)
  }

  function check(typed: string): Promise<PlacedPin> {
    const address = typed.trim()
    const current = placedRef.current
    if (current?.place && current.address === address) return Promise.resolve(current)
    if (latest.current?.address === address) return latest.current.promise
    setStatus('checking')
    const isLatest = () => latest.current?.address === address
    const promise = geocodeAddress(address).then(
      (place) => {
        const previous = placedRef.current
        // The stored address of an edit keeps its stored pin; any other address starts at its place.
        const next =
          previous?.address === address
            ? { ...previous, place }
            : { address, place, pin: { lat: place.lat, lng: place.lng }, moved: false }
        if (isLatest()) {
          setPinWentBack(previous?.address !== address && previous?.moved === true)
          setPlaced(next)
          setStatus('idle')
        }
        return next
      },
      (error: unknown) => {
        if (isLatest()) {
          setStatus(error instanceof ApiError && error.status === 422 ? 'unplaced' : 'failed')
        }
        throw error
      },
    )
    latest.current = { address, promise }
    // A failed check is asked again next time.
    promise.catch(() => {
      if (latest.current?.promise === promise) latest.current = null
    })
    return promise
  }

  function movePin(pin: Geolocation) {
    const current = placedRef.current
    if (!current) return
    setPinWentBack(false)
    setPlaced({ ...current, pin, moved: true })
  }

  return { placed, status, pinWentBack, check, movePin }
}

export type AddressCheck = ReturnType<typeof useAddressCheck>
