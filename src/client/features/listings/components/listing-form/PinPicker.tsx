// Where the checked address landed, on a small map whose pin the owner moves to the home's spot.
import { lazy, Suspense, useId } from 'react'
import { pinIsNearAddress, pinTooFarMessage } from '../../../../../shared/geolocation'
import type { Geolocation } from '../../../../../shared/listing'
import { Spinner } from '../../../../components/Spinner'
import styles from './PinPicker.module.css'
import type { PlacedPin } from '../../hooks/use-address-check'

// Leaflet is fetched when a pin is first shown, not with the form.
const PinMap = lazy(() => import('./PinMap'))

interface PinPickerProps {
  placed: PlacedPin
  pinWentBack: boolean
  onMove: (pin: Geolocation) => void
}

export function PinPicker({ placed, pinWentBack, onMove }: PinPickerProps) {
  const headingId = useId()
  const helpId = useId()
  const tooFar = placed.place !== null && !pinIsNearAddress(placed.pin, placed.place)
  return (
    <section className={styles.picker} aria-labelledby={headingId} aria-describedby={helpId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          Pin on the map
        </h2>
        {/* Said when a check places the address: where it landed, which may not be where meant. */}
        <p className={styles.place} aria-live="polite">
          {placed.place ? (
            <>
              The address landed at <strong>{placed.place.formattedAddress}</strong>
            </>
          ) : (
            'Where the listing is now'
          )}
        </p>
      </div>
      <div className={styles.map}>
        <Suspense fallback={<Spinner label="Loading the map…" />}>
          <PinMap pin={placed.pin} placedFor={placed.address} onMove={onMove} />
        </Suspense>
      </div>
      <p id={helpId} className={styles.help}>
        Drag the pin, or tap the map, to put it on the home&rsquo;s exact spot. With a keyboard, Tab
        to the pin and move it with the arrow keys.
      </p>
      <div aria-live="polite">
        {pinWentBack && (
          <p className={styles.notice}>
            The address changed, so the pin went back to where the new address landed.
          </p>
        )}
        {tooFar && <p className={styles.error}>{pinTooFarMessage}</p>}
      </div>
    </section>
  )
}
