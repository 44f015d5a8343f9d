// Text the spec fixes for prices and room counts.

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/** 1250000 → '1,250,000' */
export function formatPrice(amount: number): string {
  return thousands.format(amount)
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })

/** 1250 → '1.3K', 350000 → '350K', 1250000 → '1.3M': a price or a count that fits on a map pin. */
export function formatCompact(amount: number): string {
  return compact.format(amount)
}

/** '1 Bedroom' for a count of 1 or less, otherwise '{n} Bedrooms'. */
export function formatBedrooms(count: number): string {
  return count > 1 ? `${count} Bedrooms` : '1 Bedroom'
}

/** '1 Bathroom' for a count of 1 or less, otherwise '{n} Bathrooms'. */
export function formatBathrooms(count: number): string {
  return count > 1 ? `${count} Bathrooms` : '1 Bathroom'
}

/** '1 new home' or '{n} new homes': a count with the word that fits it. */
export function formatCount(count: number, one: string, many: string): string {
  return `${formatPrice(count)} ${count === 1 ? one : many}`
}
