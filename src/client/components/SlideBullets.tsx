// The spec's clickable pagination bullets, one per slide: the Explore carousel's and the photos'.
import styles from './SlideBullets.module.css'

interface SlideBulletsProps {
  count: number
  selected: number
  onSelect(index: number): void
  /** Where the row sits, which each strip decides. */
  className?: string
}

export function SlideBullets({ count, selected, onSelect, className }: SlideBulletsProps) {
  if (count < 2) return null
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          className={index === selected ? `${styles.bullet} ${styles.active}` : styles.bullet}
          aria-label={`Go to slide ${index + 1}`}
          aria-current={index === selected ? 'true' : undefined}
          onClick={() => onSelect(index)}
        />
      ))}
    </div>
  )
}
