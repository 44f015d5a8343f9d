// The phone's filters: a 'Filters' button that counts the active ones and opens the filter form
// in a sheet (SheetDialog), which applying closes.
import { SlidersHorizontal } from 'lucide-react'
import { useState } from 'react'
import type { ListingFilter } from '../../../../shared/listing-requests'
import { SheetDialog } from '../../../components/SheetDialog'
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
  return (
    <SheetDialog
      title="Filters"
      closeLabel="Close filters"
      onClose={onClose}
      className={styles.sheet}
    >
      <FilterForm filter={filter} onApply={onApply} layout="sheet" />
    </SheetDialog>
  )
}
