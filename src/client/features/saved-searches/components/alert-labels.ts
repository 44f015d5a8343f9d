// The alert frequencies in words, for the save dialog and the Profile's list.
import type { AlertFrequency } from '../../../../shared/saved-search'

export const alertLabels: Record<AlertFrequency, { label: string; hint: string }> = {
  instant: { label: 'Instant', hint: 'An e-mail as soon as a new home matches' },
  daily: { label: 'Daily', hint: 'One e-mail a day with the new homes that matched' },
  off: { label: 'Off', hint: 'No e-mails: open the search from your Profile' },
}
