// The search box of Explore and the search page: a search landmark whose text opens /search?q=….
// It is a plain GET form to /search, so Enter searches before the page's script has loaded too.
// As the visitor types it offers places (the WAI-ARIA combobox with a list of suggestions): one
// chosen searches that place; Enter with none chosen searches the words, as before.
import { Search } from 'lucide-react'
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { formatCount } from '../../../../shared/format'
import { searchLimits } from '../../../../shared/listing-requests'
import { screens } from '../../../../shared/screens'
import { usePlaceSuggestions, type Place } from '../api/places'
import { PlaceOptions, placeOptionId } from './PlaceOptions'
import styles from './SearchBox.module.css'

/** One empty list, so that a render without suggestions is no change of them. */
const noPlaces: Place[] = []

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

  const suggestions = usePlaceSuggestions(text)
  const places = text.trim() && suggestions.data ? suggestions.data : noPlaces
  // The list shows while the box has the focus, until Escape, a choice or a search closes it.
  const [focused, setFocused] = useState(false)
  const [closed, setClosed] = useState(false)
  const open = focused && !closed && places.length > 0
  // The suggestion the arrows are on, by its place in the list; -1 for none (the text itself).
  const [active, setActive] = useState(-1)
  const [activeIn, setActiveIn] = useState(places)
  if (activeIn !== places) {
    setActiveIn(places)
    setActive(-1)
  }

  function choose(place: Place) {
    setText('')
    setClosed(true)
    onChoosePlace(place)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setClosed(true)
    onSearch(text.trim() || undefined)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return
    const last = places.length - 1
    switch (event.key) {
      case 'ArrowDown':
        if (last < 0) return
        event.preventDefault()
        setClosed(false)
        setActive(open && active < last ? active + 1 : 0)
        break
      case 'ArrowUp':
        if (last < 0) return
        event.preventDefault()
        setClosed(false)
        setActive(open && active > 0 ? active - 1 : last)
        break
      case 'Enter': {
        const place = open ? places[active] : undefined
        if (!place) return // the form searches the text
        event.preventDefault()
        choose(place)
        break
      }
      case 'Escape':
        // The first Escape closes the list, the next clears the text.
        if (open) setClosed(true)
        else if (text) setText('')
        else return
        event.preventDefault()
        setActive(-1)
        break
    }
  }

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
        id={id}
        type="search"
        name="q"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? placeOptionId(listId, active) : undefined}
        className={styles.input}
        placeholder="City, street or name"
        maxLength={searchLimits.textLength.max}
        enterKeyHint="search"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setClosed(false)
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      <button type="submit" className={`primary-button ${styles.submit}`}>
        Search
      </button>
      <PlaceOptions
        id={listId}
        places={places}
        open={open}
        active={active}
        onChoose={choose}
        onPoint={setActive}
      />
      <p role="status" className="visually-hidden">
        {focused && text.trim() && suggestions.isSuccess && !suggestions.isPlaceholderData
          ? formatCount(places.length, 'place found', 'places found')
          : ''}
      </p>
    </form>
  )
}
