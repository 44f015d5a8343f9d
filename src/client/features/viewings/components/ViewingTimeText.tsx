import {
  formatViewingDay,
  formatViewingHours,
  timeZoneLabel,
} from '../../../../shared/viewing-time'
import styles from './ViewingTimes.module.css'

/**
 * 'Sun 29 Nov, 10:00–11:00, Paris time' (formatViewingTime's words), breaking between its parts
 * only: never inside the day or the hours on a narrow screen.
 */
export function ViewingTimeText({
  start,
  minutes,
  timeZone,
}: {
  start: string
  minutes: number
  timeZone: string
}) {
  const at = Date.parse(start)
  return (
    <>
      <span className={styles.nowrap}>{formatViewingDay(at, timeZone)}</span>,{' '}
      <span className={styles.nowrap}>{formatViewingHours(at, minutes, timeZone)}</span>,{' '}
      <span className={styles.nowrap}>{timeZoneLabel(timeZone)}</span>
    </>
  )
}
