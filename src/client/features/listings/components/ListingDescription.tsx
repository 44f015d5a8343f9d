// A listing's description on its page: paragraphs as the owner wrote them, folded after about
// eight lines with 'Read more'. The whole text is always in the page (the server renders it; CSS
// folds it), so crawlers, readers without scripts and screen readers get all of it.
import { useEffect, useId, useRef, useState } from 'react'
import { descriptionParagraphs } from './listing-facts-text'
import styles from './ListingDescription.module.css'

/**
 * Whether the text may run past the fold, judged alike on the server and in the browser: about
 * 45 characters a line on a phone, 8 lines shown. The browser drops the fold if the text fits.
 */
const mayRunLong = (paragraphs: string[]) =>
  paragraphs.reduce(
    (lines, paragraph) =>
      lines + 1 + paragraph.split('\n').reduce((sum, line) => sum + Math.ceil(line.length / 45), 0),
    0,
  ) > 8

export function ListingDescription({
  description,
  className,
}: {
  description: string
  className?: string
}) {
  const paragraphs = descriptionParagraphs(description)
  const [expanded, setExpanded] = useState(false)
  const [fits, setFits] = useState(false)
  const text = useRef<HTMLDivElement>(null)
  const id = useId()
  const foldable = !fits && mayRunLong(paragraphs)

  // A wide screen may show the whole text within the fold: then there is nothing to unfold.
  useEffect(() => {
    const shown = text.current
    if (shown && shown.scrollHeight <= shown.clientHeight + 1) setFits(true)
  }, [])

  if (paragraphs.length === 0) return null
  return (
    <section className={className} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        About this home
      </h2>
      <div
        id={`${id}-text`}
        ref={text}
        className={styles.text}
        data-folded={(foldable && !expanded) || undefined}
      >
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {foldable && (
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={`${id}-text`}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Read less' : 'Read more'}
        </button>
      )}
    </section>
  )
}
