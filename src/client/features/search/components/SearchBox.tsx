// The search box of Explore and the search page: a search landmark whose text opens /search?q=….
// It is a plain GET form to /search, so Enter searches before the page's script has loaded too.
// It is also a combobox (WAI-ARIA 1.2, list autocomplete) that suggests places as the visitor
// types; the suggestions load with the box's first focus, so Explore's first load is without
// them.
import { Search } from 'lucide-react'
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react'
import { searchLimits } from '../../../../shared/listing-requests'
import { useValueTypedBeforeHydration } from '../../../hooks/use-value-typed-before-hydration'
import { screens } from '../../../../shared/screens'
import type { Place } from '../api/places'
import type { PlaceKeys, PlacePopup } from './PlaceSuggestions'
import styles from './SearchBox.module.css'

const PlaceSuggestions = lazy(() => import('./PlaceSuggestions'))

interface SearchBoxProps {
  /** The text searched now; the box shows it again when it changes (Back, a removed filter). */
  query?: string
  /** Called with the trimmed text, or undefined for none. */
  onSearch: (query: string | undefined) => void
  /** Called with the place the visitor chose from the suggestions. */
  onChoosePlace: (place: Place) => void
  className?: string
}

export function SearchBox({ query, onSearch, onChoosePlace, className }: SearchBoxProps) {
  const id = useId()
  const listId = `${id}-places`
  const [text, setText] = useState(query ?? '')
  const [shownQuery, setShownQuery] = useState(query)
  if (shownQuery !== query) {
    setShownQuery(query)
    setText(query ?? '')
  }
  // Undefined until the box is first focused, when the suggestions load.
  const [focused, setFocused] = useState<boolean>()
  const [popup, setPopup] = useState<PlacePopup>({ open: false })
  const keys = useRef<PlaceKeys>(null)
  const input = useRef<HTMLInputElement>(null)
  useValueTypedBeforeHydration(input, setText)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onSearch(text.trim() || undefined)
  }

  // Until the suggestions load, an empty list stands for them: the box's aria-controls names it.
  const noList = <ul id={listId} role="listbox" aria-label="Places" hidden />
  return (
    <form
      role="search"
      action={screens.search.path}
      className={className ? `${styles.box} ${className}` : styles.box}
      onSubmit={submit}
    >
      <label htmlFor={id} className="visually-hidden">
        Search homes
      </label>
      <Search className={styles.icon} size={20} aria-hidden="true" />
      <input
        ref={input}
        id={id}
        type="search"
        name="q"
        role="combobox"
        aria-expanded={popup.open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={popup.activeId}
        className={styles.input}
        placeholder="City, street or name"
        maxLength={searchLimits.textLength.max}
        enterKeyHint="search"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => keys.current?.onKeyDown(event)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      <button type="submit" className={`primary-button ${styles.submit}`}>
        Search
      </button>
      {focused !== undefined ? (
        <Suspense fallback={noList}>
          <PlaceSuggestions
            ref={keys}
            id={listId}
            text={text}
            focused={focused}
            onPopupChange={setPopup}
            onClear={() => setText('')}
            onChoose={(place) => {
              setText('')
              onChoosePlace(place)
            }}
          />
        </Suspense>
      ) : (
        noList
      )}
    </form>
  )
}
