// The Profile's saved searches: each opens its search, says what it looks for, and can change how
// often it alerts, be renamed or be deleted. Every change is saved at once and said in a toast.
import { Pencil, Search, Trash2 } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { flushSync } from 'react-dom'
import { Link } from 'react-router'
import {
  alertFrequencies,
  savedSearchLimits,
  type AlertFrequency,
  type SavedSearch,
} from '../../../../shared/saved-search'
import { searchSummary } from '../../../../shared/search-summary'
import { errorReason } from '../../../api/error-reason'
import { useChangeSavedSearch, useDeleteSavedSearch, useSavedSearches } from '../api/saved-searches'
import { EmptyState } from '../../../components/EmptyState'
import { readSearch } from '../../../../shared/read-search'
import { searchPath } from '../../../../shared/search-state'
import { Spinner } from '../../../components/Spinner'
import { toast } from '../../../components/toasts'
import { alertLabels } from './alert-labels'
import styles from './SavedSearchList.module.css'

export function SavedSearchList({ userId }: { userId: string }) {
  const { data: searches, status } = useSavedSearches(userId)
  return (
    <section aria-labelledby="saved-searches" className={styles.section}>
      <h2 id="saved-searches" className={styles.heading}>
        Saved searches
      </h2>
      {status === 'pending' && <Spinner label="Loading your saved searches…" />}
      {/* A failed read has said so in a toast. */}
      {searches?.length === 0 && (
        <EmptyState
          title="No saved searches yet"
          hint="Search for homes, then press ‘Save this search’ to keep it here and hear of new homes that match."
        >
          <Link to={searchPath()}>Find a home</Link>
        </EmptyState>
      )}
      {!!searches?.length && (
        <ul className={styles.list}>
          {searches.map((search) => (
            <SavedSearchItem key={search.id} search={search} userId={userId} />
          ))}
        </ul>
      )}
    </section>
  )
}

function SavedSearchItem({ search, userId }: { search: SavedSearch; userId: string }) {
  const [renaming, setRenaming] = useState(false)
  const change = useChangeSavedSearch(userId)
  const remove = useDeleteSavedSearch(userId)
  const alertsId = useId()
  const renameButton = useRef<HTMLButtonElement>(null)
  // The query is the server's canonical one; read as the search page reads its URL.
  const { filter, sort } = readSearch(new URLSearchParams(search.query))
  const summary = searchSummary(filter, sort)

  function changeAlerts(alerts: AlertFrequency) {
    change.mutate(
      { id: search.id, change: { alerts } },
      {
        onSuccess: (saved) =>
          toast.success(`E-mail alerts for “${saved.name}”: ${alertLabels[alerts].label}`),
        onError: (error) =>
          toast.error(errorReason(error, 'Could not change the alerts, try again')),
      },
    )
  }

  function onDelete() {
    if (!window.confirm(`Delete the saved search “${search.name}”?`)) return
    remove.mutate(search.id, {
      onSuccess: () => toast.success('Saved search deleted'),
      onError: (error) => toast.error(errorReason(error, 'Could not delete the search, try again')),
    })
  }

  // Back to the card, the keyboard on the button that opened the form.
  function closeRename() {
    flushSync(() => setRenaming(false))
    renameButton.current?.focus()
  }

  if (renaming) {
    return (
      <li className={styles.item}>
        <RenameForm search={search} userId={userId} onDone={closeRename} />
      </li>
    )
  }

  return (
    <li className={styles.item}>
      <div className={styles.names}>
        <Link to={searchPath({ filter, sort })} className={styles.name}>
          <Search size={18} aria-hidden="true" />
          <span>{search.name}</span>
        </Link>
        {summary !== search.name && <p className={styles.summary}>{summary}</p>}
      </div>
      <div className={styles.controls}>
        <div className={styles.alerts}>
          <label htmlFor={alertsId} className={styles.alertsLabel}>
            E-mail alerts
          </label>
          <select
            id={alertsId}
            className="compact-select"
            value={
              change.isPending && change.variables.change.alerts
                ? change.variables.change.alerts
                : search.alerts
            }
            disabled={change.isPending}
            onChange={(event) => changeAlerts(event.target.value as AlertFrequency)}
          >
            {alertFrequencies.map((frequency) => (
              <option key={frequency} value={frequency}>
                {alertLabels[frequency].label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.buttons}>
          <button
            ref={renameButton}
            type="button"
            className={styles.action}
            aria-label={`Rename “${search.name}”`}
            onClick={() => setRenaming(true)}
          >
            <Pencil size={16} aria-hidden="true" />
            Rename
          </button>
          <button
            type="button"
            className={`${styles.action} ${styles.delete}`}
            aria-label={`Delete “${search.name}”`}
            onClick={onDelete}
            disabled={remove.isPending}
          >
            <Trash2 size={16} aria-hidden="true" />
            Delete
          </button>
        </div>
      </div>
    </li>
  )
}

/** The name in place of the link: Enter or Save keeps it, Escape or Cancel leaves it as it was. */
function RenameForm({
  search,
  userId,
  onDone,
}: {
  search: SavedSearch
  userId: string
  onDone: () => void
}) {
  const [name, setName] = useState(search.name)
  const change = useChangeSavedSearch(userId)
  const input = useRef<HTMLInputElement>(null)
  const nameId = useId()

  // The keyboard goes straight to the name, all of it chosen to type over.
  useEffect(() => {
    input.current?.focus()
    input.current?.select()
  }, [])

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (name.trim() === search.name) return onDone()
    change.mutate(
      { id: search.id, change: { name } },
      {
        onSuccess: (saved) => {
          toast.success(`Renamed to “${saved.name}”`)
          onDone()
        },
        onError: (error) => {
          toast.error(errorReason(error, 'Could not rename the search, try again'))
          input.current?.focus()
        },
      },
    )
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault()
      onDone()
    }
  }

  return (
    <form className={styles.rename} onSubmit={onSubmit} onKeyDown={onKeyDown}>
      <label htmlFor={nameId} className={styles.renameLabel}>
        New name
      </label>
      <div className={styles.renameRow}>
        <input
          id={nameId}
          ref={input}
          className={styles.input}
          value={name}
          maxLength={savedSearchLimits.nameLength.max}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
        <div className={styles.renameButtons}>
          <button type="button" className={styles.action} onClick={onDone}>
            Cancel
          </button>
          <button type="submit" className={styles.saveName} disabled={change.isPending}>
            Save
          </button>
        </div>
      </div>
    </form>
  )
}
