import { formatPrice } from '../../../../shared/format'

/** How many homes a search found, as the result count says it: '1,234 homes', '1 home', 'No homes'. */
export function homeCount(total: number): string {
  if (total === 0) return 'No homes'
  return total === 1 ? '1 home' : `${formatPrice(total)} homes`
}

/** The phone's filter sheet's apply button: 'Show 1,234 homes', 'Show 1 home', 'No homes match'. */
export function showHomes(total: number): string {
  if (total === 0) return 'No homes match'
  return `Show ${homeCount(total)}`
}
