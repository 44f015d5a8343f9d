// Text the spec fixes for prices and room counts.

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/** 1250000 → '1,250,000' */
export function formatPrice(amount: number): string {
  return thousands.format(amount)
}

/** '1 Bedroom' for a count of 1 or less, otherwise '{n} Bedrooms'. */
export function formatBedrooms(count: number): string {
  return count > 1 ? `${count} Bedrooms` : '1 Bedroom'
}

/** '1 Bathroom' for a count of 1 or less, otherwise '{n} Bathrooms'. */
export function formatBathrooms(count: number): string {
  return count > 1 ? `${count} Bathrooms` : '1 Bathroom'
}
