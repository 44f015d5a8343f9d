// The places the search box suggests for its text, and the keys that move through them (the
// WAI-ARIA 1.2 combobox): ArrowDown and ArrowUp move, Enter chooses the place the arrows are on,
// Escape closes the list and then clears the text. Enter on no place leaves the form to search
// the text.
import { useEffect, useImperativeHandle, useState, type KeyboardEvent, type Ref } from 'react'
import { formatCount } from '../../../../shared/format'
import { useDebouncedValue } from '../../../hooks/use-debounced-value'
import { suggestDelayMs, usePlaceSuggestions, type Place } from '../api/places'
import { PlaceOptions, placeOptionId } from './PlaceOptions'

/** What the box's own attributes say of the list: aria-expanded, aria-activedescendant. */
export interface PlacePopup {
  open: boolean
  activeId?: string
}

/** The box hands its keys to the suggestions once they have loaded. */
export interface PlaceKeys {
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void
}

interface PlaceSuggestionsProps {
  ref: Ref<PlaceKeys>
  /** the listbox's id, which the box's aria-controls names */
  id: string
  text: string
  focused: boolean
  onPopupChange: (popup: PlacePopup) => void
  onChoose: (place: Place) => void
  onClear: () => void
}

export default function PlaceSuggestions({
  ref,
  id,
  text,
  focused,
  onPopupChange,
  onChoose,
  onClear,
}: PlaceSuggestionsProps) {
  // The places are asked for once the typing rests, for the text as it was then.
  const typed = useDebouncedValue(text.trim(), suggestDelayMs)
  const suggestions = usePlaceSuggestions(typed)
  const places = text.trim() && suggestions.data ? suggestions.data : []
  // The list shows while the box has the focus, until Escape, a choice or a search closes it;
  // typing opens it again.
  const [closed, setClosed] = useState(false)
  const [seenText, setSeenText] = useState(text)
  if (seenText !== text) {
    setSeenText(text)
    setClosed(false)
  }
  const open = focused && !closed && places.length > 0
  // The place the arrows are on, by its place in the list; -1 for none (the text itself). Another
  // list starts with none; the same places for the next letter keep it.
  const [active, setActive] = useState(-1)
  const listKey = places.map((place) => place.id).join()
  const [activeIn, setActiveIn] = useState(listKey)
  if (activeIn !== listKey) {
    setActiveIn(listKey)
    setActive(-1)
  }
  const activeId = open && active >= 0 ? placeOptionId(id, active) : undefined

  useEffect(() => onPopupChange({ open, activeId }), [open, activeId, onPopupChange])

  function choose(place: Place) {
    setClosed(true)
    setActive(-1)
    onChoose(place)
  }

  useImperativeHandle(ref, () => ({
    onKeyDown(event) {
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
          if (place) {
            event.preventDefault()
            choose(place)
          } else {
            setClosed(true) // and the form searches the text
          }
          break
        }
        case 'Escape':
          if (open) setClosed(true)
          else if (text) onClear()
          else return
          event.preventDefault()
          setActive(-1)
          break
      }
    },
  }))

  return (
    <>
      <PlaceOptions
        id={id}
        places={places}
        open={open}
        active={active}
        onChoose={choose}
        onPoint={setActive}
      />
      <p role="status" className="visually-hidden">
        {focused && text.trim() === typed && suggestions.isSuccess && !suggestions.isPlaceholderData
          ? formatCount(places.length, 'place found', 'places found')
          : ''}
      </p>
    </>
  )
}
