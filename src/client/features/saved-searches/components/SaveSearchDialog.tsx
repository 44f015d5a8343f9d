// The dialog that saves the search on screen: its name (the summary until changed) and how often
// to be told of new homes. A sheet from the bottom on phones, a centred dialog on wider screens.
import { useId, useRef, useState, type FormEvent } from 'react'
import {
  filterParameters,
  type ListingFilter,
  type ListingSort,
} from '../../../../shared/listing-requests'
import {
  alertFrequencies,
  savedSearchLimits,
  savedSearchQuery,
  type AlertFrequency,
} from '../../../../shared/saved-search'
import { searchSummary } from '../../../../shared/search-summary'
import { ApiError } from '../../../api/http'
import { useSaveSearch } from '../api/saved-searches'
import { toast } from '../../../components/toasts'
import { FormDialog } from '../../../components/FormDialog'
import form from '../../../components/FormDialog.module.css'
import { alertLabels } from './alert-labels'
import styles from './SaveSearchDialog.module.css'

/**
 * Daily by default: one digest a day is what most people want of a search they keep, and a broad
 * search on instant alerts would send an e-mail for every new home. Instant is one tap away.
 */
export const defaultAlerts: AlertFrequency = 'daily'

export const savedMessage = 'Search saved: find it under Saved searches in your Profile'
/** The search on screen is the one already saved: it stays open, and the dialog goes. */
export const alreadySavedMessage =
  'You already saved this search: find it under Saved searches in your Profile'

interface SaveSearchDialogProps {
  userId: string
  filter: ListingFilter
  sort: ListingSort
  onClose: () => void
}

export function SaveSearchDialog({ userId, filter, sort, onClose }: SaveSearchDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null)
  const nameId = useId()
  const nameErrorId = useId()
  const everythingId = useId()
  const [name, setName] = useState(() => searchSummary(filter, sort))
  const [alerts, setAlerts] = useState<AlertFrequency>(defaultAlerts)
  const [nameError, setNameError] = useState<string>()
  const save = useSaveSearch(userId)
  const everything = filterParameters(filter).length === 0

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    setNameError(undefined)
    save.mutate(
      { name, query: savedSearchQuery({ filter, sort }), alerts },
      {
        onSuccess: () => {
          toast.success(savedMessage)
          onClose()
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            toast.success(alreadySavedMessage)
            onClose()
            return
          }
          const reason =
            error instanceof ApiError
              ? (error.fields.name ?? error.message)
              : 'Could not save the search, try again'
          if (error instanceof ApiError && error.fields.name) {
            setNameError(error.fields.name)
            nameRef.current?.focus()
          }
          toast.error(reason, { toastId: reason })
        },
      },
    )
  }

  return (
    <FormDialog
      title="Save this search"
      onClose={onClose}
      initialFocus={nameRef}
      onSubmit={onSubmit}
      submitLabel="Save"
      pendingLabel="Saving…"
      pending={save.isPending}
      bodyClassName={styles.body}
    >
      <div className={form.field}>
        <label htmlFor={nameId} className={form.label}>
          Name
        </label>
        <input
          id={nameId}
          ref={nameRef}
          className={`${form.input} ${styles.input}`}
          value={name}
          maxLength={savedSearchLimits.nameLength.max}
          autoComplete="off"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={
            [nameError && nameErrorId, everything && everythingId].filter(Boolean).join(' ') ||
            undefined
          }
          onChange={(event) => setName(event.target.value)}
        />
        {nameError && (
          <p id={nameErrorId} className={form.error}>
            {nameError}
          </p>
        )}
        {everything && (
          <p id={everythingId} className={styles.note}>
            This search has no filters: it finds every home.
          </p>
        )}
      </div>

      <fieldset className={form.choices}>
        <legend className={form.label}>E-mail alerts</legend>
        {alertFrequencies.map((frequency) => (
          <AlertChoice
            key={frequency}
            frequency={frequency}
            checked={alerts === frequency}
            onChange={setAlerts}
          />
        ))}
      </fieldset>
    </FormDialog>
  )
}

function AlertChoice({
  frequency,
  checked,
  onChange,
}: {
  frequency: AlertFrequency
  checked: boolean
  onChange: (frequency: AlertFrequency) => void
}) {
  const labelId = useId()
  const hintId = useId()
  const { label, hint } = alertLabels[frequency]
  // The whole card picks the choice; its name is the word alone, the sentence its description.
  return (
    <label className={`${form.choice} ${styles.choice}`}>
      <input
        type="radio"
        name="alerts"
        value={frequency}
        checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onChange={() => onChange(frequency)}
      />
      <span className={styles.choiceText}>
        <span id={labelId} className={styles.choiceLabel}>
          {label}
        </span>
        <span id={hintId} className={styles.choiceHint}>
          {hint}
        </span>
      </span>
    </label>
  )
}
