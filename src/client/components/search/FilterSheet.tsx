// The phone's filters: a 'Filters' button that counts the active ones and opens the filter form
// in a sheet, a modal dialog that Escape or the close button shuts and that applying closes.
import { SlidersHorizontal, X } from 'lucide-react'
import { useId, useRef, useState, type SyntheticEvent } from 'react'
import type { ListingFilter } from '../../../shared/listing-requests'
import { keepFocusInside, useModalDialog } from '../use-modal-dialog'
import { activeFilters, panelFilterKeys } from './active-filters'
import { FilterForm } from './FilterForm'
import styles from './FilterSheet.module.css'

interface FilterSheetProps {
  filter: ListingFilter
  onApply: (filter: ListingFilter) => void
}

export function FilterSheet({ filter, onApply }: FilterSheetProps) {
  const [open, setOpen] = useState(false)
  const count = activeFilters(filter).filter(({ key }) => panelFilterKeys.includes(key)).length
  return (
    <>
      <button
        type="button"
        className="secondary-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <SlidersHorizontal size={18} aria-hidden="true" />
        Filters
        {count > 0 && (
          <span className={styles.count}>
            {count}
            <span className="visually-hidden"> active</span>
          </span>
        )}
      </button>
      {open && (
        <FilterDialog
          filter={filter}
          onApply={(applied) => {
            setOpen(false)
            onApply(applied)
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}

function FilterDialog({
  filter,
  onApply,
  onClose,
}: FilterSheetProps & {
  onClose: () => void
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  useModalDialog(dialogRef, closeRef)

  // Escape makes the dialog cancel: the sheet is unmounted instead, so focus goes back to 'Filters'.
  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault()
    onClose()
  }

  return (
    <dialog
      ref={dialogRef}
      className={styles.sheet}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onKeyDown={(event) => {
        if (event.key === 'Tab') keepFocusInside(event)
      }}
      // A tap on the dimmed page above the sheet closes it, as on other sheets.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          Filters
        </h2>
        <button
          ref={closeRef}
          type="button"
          className={styles.close}
          aria-label="Close filters"
          onClick={onClose}
        >
          <X size={24} aria-hidden="true" />
        </button>
      </div>
      <FilterForm filter={filter} onApply={onApply} layout="sheet" />
    </dialog>
  )
}
