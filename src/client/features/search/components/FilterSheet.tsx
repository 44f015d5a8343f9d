// The phone's filters: a 'Filters' button that counts the active ones and opens the filter form
// in a sheet (SheetDialog), which applying closes. Its apply button says how many homes the
// filters chosen would show ('Show 1,204 homes') before they are applied.
import { SlidersHorizontal } from 'lucide-react'
import { useState } from 'react'
import { filterParameters, type ListingFilter } from '../../../../shared/listing-requests'
import { SheetDialog } from '../../../components/SheetDialog'
import { useSettledValue } from '../../../hooks/use-settled-value'
import { useListingCount } from '../../listings/api/listings'
import { showHomes } from './home-count'
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
      <FilterForm
        filter={filter}
        onApply={onApply}
        layout="sheet"
        applyLabel={(draft) => <ShowHomes filter={draft} />}
      />
    </SheetDialog>
  )
}

/** A pause in choosing this long reads the count: one request for a price typed, not one a key. */
const countDelayMs = 300

/** The count of the filters chosen, read once the choosing pauses; 'Apply filters' until known. */
function ShowHomes({ filter }: { filter: ListingFilter }) {
  const key = new URLSearchParams(filterParameters(filter)).toString()
  const count = useListingCount(useSettledValue(filter, key, countDelayMs))
  if (!count.data) return 'Apply filters'
  return (
    <>
      <span className="visually-hidden">Apply filters: </span>
      {showHomes(count.data.total)}
    </>
  )
}
