// A listing's open reports on the moderators' page, newest as the server sends them: why, when, in
// the reporter's words, and for a copied photo the listing it was copied from.
import { Link } from 'react-router'
import { formatCount } from '../../../../shared/format'
import { reportReasonLabels, type Report } from '../../../../shared/report'
import { listingPagePath } from '../../../../shared/screens'
import styles from './ReportedListingCard.module.css'

// UTC: the same day whichever side renders it.
const reportDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

export function ListingReports({ reports, count }: { reports: Report[]; count: number }) {
  return (
    <section className={styles.reports}>
      <h3 className={styles.sectionHeading}>
        {count > 0 ? formatCount(count, 'report', 'reports') : 'No open reports'}
      </h3>
      {reports.length > 0 && (
        <ul className={styles.reportList}>
          {reports.map((report, index) => (
            <li key={`${report.at}-${index}`} className={styles.report}>
              <p className={styles.reportHead}>
                <strong>{reportReasonLabels[report.reason]}</strong>
                <time dateTime={report.at}>{reportDate.format(new Date(report.at))}</time>
              </p>
              {report.details && <p className={styles.reportDetails}>{report.details}</p>}
              {report.duplicateOf && (
                <p className={styles.duplicate}>
                  <Link to={listingPagePath(report.duplicateOf)}>
                    Copy of {report.duplicateOf.name}
                  </Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
