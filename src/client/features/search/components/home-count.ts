import { formatPrice } from '../../../../shared/format'

/** How many homes a search found, as the result count says it: '1,234 homes', '1 home', 'No homes'. */
export function homeCount(total: number): string {
  if (total === 0) return 'No homes'
  return total === 1 ? '1 home' : `${formatPrice(total)} homes`
}
