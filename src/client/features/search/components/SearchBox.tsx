// The search box of Explore and the search page: a search landmark whose text opens /search?q=….
// It is a plain GET form to /search, so Enter searches before the page's script has loaded too.
import { Search } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { searchLimits } from '../../../../shared/listing-requests'
import { screens } from '../../../../shared/screens'
import styles from './SearchBox.module.css'

interface SearchBoxProps {
  /** The text searched now; the box shows it again when it changes (Back, a removed filter). */
  query?: string
  /** Called with the trimmed text, or undefined for none. */
  onSearch: (query: string | undefined) => void
  className?: string
}

export function SearchBox({ query, onSearch, className }: SearchBoxProps) {
  const id = useId()
  const [text, setText] = useState(query ?? '')
  const [shownQuery, setShownQuery] = useState(query)
  if (shownQuery !== query) {
    setShownQuery(query)
    setText(query ?? '')
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onSearch(text.trim() || undefined)
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
        className={styles.input}
        placeholder="City, street or name"
        maxLength={searchLimits.textLength.max}
        enterKeyHint="search"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={`primary-button ${styles.submit}`}>
        Search
      </button>
    </form>
  )
}
