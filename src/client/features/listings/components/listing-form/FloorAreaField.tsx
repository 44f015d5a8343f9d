// The floor area, typed in square metres or square feet and kept in square metres, as stored.
// Switching the unit converts what is typed; the hint shows both, as the listing page will.
import { useState } from 'react'
import type { ControllerRenderProps } from 'react-hook-form'
import { formatFloorArea, fromSquareFeet, toSquareFeet } from '../../../../../shared/floor-area'
import { SegmentedControl } from '../../../../components/SegmentedControl'
import { Field } from './Field'
import type { ListingFormValues } from './listing-form-values'
import styles from './ListingForm.module.css'

type AreaUnit = 'm2' | 'sqft'

const units: [AreaUnit, string][] = [
  ['m2', 'm²'],
  ['sqft', 'sq ft'],
]

interface FloorAreaFieldProps {
  field: ControllerRenderProps<ListingFormValues, 'floorArea'>
  error?: string
}

/** Square metres from what is typed in `unit`: null when empty, NaN when not a number. */
function squareMetresOf(typed: string, unit: AreaUnit): number | null {
  const text = typed.replace(/[\s,]/g, '')
  if (text === '') return null
  const number = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN
  return unit === 'm2' || Number.isNaN(number) ? number : fromSquareFeet(number)
}

export function FloorAreaField({ field, error }: FloorAreaFieldProps) {
  const [unit, setUnit] = useState<AreaUnit>('m2')
  const [typed, setTyped] = useState(field.value == null ? '' : String(field.value))
  const squareMetres = field.value
  const known = typeof squareMetres === 'number' && Number.isFinite(squareMetres)

  function switchUnit(next: AreaUnit) {
    if (next === unit) return
    setUnit(next)
    // What is typed is the same area in the other unit; text that is no number stays as it is.
    if (known) setTyped(String(next === 'm2' ? squareMetres : toSquareFeet(squareMetres)))
  }

  return (
    <Field
      label="Floor area"
      error={error}
      hint={known && squareMetres > 0 ? formatFloorArea(squareMetres) : undefined}
    >
      {(input) => (
        <div className={styles.priceRow}>
          <input
            {...input}
            ref={field.ref}
            name={field.name}
            className={styles.areaInput}
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value)
              field.onChange(squareMetresOf(event.target.value, unit))
            }}
            onBlur={field.onBlur}
          />
          <SegmentedControl
            label="Floor area unit"
            options={units}
            value={unit}
            onChange={switchUnit}
          />
        </div>
      )}
    </Field>
  )
}
