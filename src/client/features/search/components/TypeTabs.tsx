// Rent or Buy, asked first: a month's rent and a sale price are not compared, so the price fields
// and the price sort come once a type is chosen. 'Any' is what a link without a type shows.
import type { ListingType } from '../../../../shared/listing'
import { SegmentedControl } from '../../../components/SegmentedControl'
import styles from './TypeTabs.module.css'

const tabs: [ListingType | undefined, string][] = [
  ['rent', 'Rent'],
  ['sale', 'Buy'],
  [undefined, 'Any'],
]

export function TypeTabs({
  type,
  onChange,
}: {
  type: ListingType | undefined
  onChange: (type: ListingType | undefined) => void
}) {
  return (
    <SegmentedControl
      label="Rent or buy"
      options={tabs}
      value={type}
      onChange={onChange}
      size="large"
      className={styles.tabs}
    />
  )
}
