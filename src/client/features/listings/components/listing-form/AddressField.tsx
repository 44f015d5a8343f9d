// The form's address: checked with the geocoder when the owner leaves it or asks, then shown on a
// map whose pin the owner moves. An address nothing can place gets the spec's message and a hint.
import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { messages } from '../../../../../shared/listing-schema'
import { Field } from './Field'
import styles from './ListingForm.module.css'
import { PinPicker } from './PinPicker'
import pinStyles from './PinPicker.module.css'
import type { AddressCheck } from '../../hooks/use-address-check'

export const cityHint = 'Add the town or city, e.g. "12 Rue de Rivoli, Paris"'
export const addressNotCheckedMessage = 'The address could not be checked, try again'

interface AddressFieldProps {
  registration: UseFormRegisterReturn<'address'>
  error?: string
  addressCheck: AddressCheck
  getAddress: () => string
}

export function AddressField({ registration, error, addressCheck, getAddress }: AddressFieldProps) {
  const hintId = useId()
  const { status, placed, pinWentBack } = addressCheck
  const unplaced = status === 'unplaced'

  function checkAddress() {
    const address = getAddress()
    // What went wrong is shown under the field from the check's status.
    if (address.trim() !== '') addressCheck.check(address).catch(() => undefined)
  }

  return (
    <div className={pinStyles.address}>
      <Field
        label="Address"
        error={
          error ??
          (unplaced ? messages.address : status === 'failed' ? addressNotCheckedMessage : undefined)
        }
      >
        {(input) => (
          <textarea
            {...input}
            aria-describedby={
              [input['aria-describedby'], unplaced && hintId].filter(Boolean).join(' ') || undefined
            }
            className={`${styles.input} ${styles.textarea}`}
            required
            {...registration}
            onBlur={(event) => {
              void registration.onBlur(event)
              // Leaving for the submit button: the submit checks the address itself. Checking here
              // too would show or hide the map between the press and its release, moving the
              // button away from under the pointer.
              const next = event.relatedTarget
              if (next instanceof HTMLButtonElement && next.type === 'submit') return
              checkAddress()
            }}
          />
        )}
      </Field>
      {unplaced && (
        <p id={hintId} className={pinStyles.cityHint}>
          {cityHint}
        </p>
      )}
      <div className={pinStyles.checkRow}>
        <button type="button" className="secondary-button" onClick={checkAddress}>
          Check address
        </button>
        <p role="status">{status === 'checking' ? 'Checking the address…' : ''}</p>
      </div>
      {placed && !unplaced && (
        <PinPicker placed={placed} pinWentBack={pinWentBack} onMove={addressCheck.movePin} />
      )}
    </div>
  )
}
