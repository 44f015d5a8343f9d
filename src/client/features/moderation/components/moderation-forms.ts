// The rules of the report form and the moderators' hide form, checked before either is sent.
import { reportLimits, type ReportInput, type ReportReason } from '../../../../shared/report'

export interface ReportDraft {
  reason: ReportReason | undefined
  details: string
}

export interface ReportFormErrors {
  reason?: string
  details?: string
}

const atMost = (max: number) => `At most ${max.toLocaleString('en-US')} characters`

export const moderationFormMessages = {
  noReason: 'Choose why you are reporting this listing',
  detailsTooLong: atMost(reportLimits.detailsMax),
  // The server's own words for a hide without a reason.
  noHideReason: 'Say why: the owner reads it',
  hideReasonTooLong: atMost(reportLimits.reasonMax),
} as const

/**
 * The count shown under a text field, of what the server checks: the text without outer spaces.
 * `over` once it is longer than `max`.
 */
export function textCount(text: string, max: number): { text: string; over: boolean } {
  const length = text.trim().length
  return {
    text: `${length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`,
    over: length > max,
  }
}

export function reportFormErrors(draft: ReportDraft): ReportFormErrors {
  return {
    ...(draft.reason === undefined && { reason: moderationFormMessages.noReason }),
    ...(textCount(draft.details, reportLimits.detailsMax).over && {
      details: moderationFormMessages.detailsTooLong,
    }),
  }
}

/** The body of the report; details left empty are not sent. */
export function reportInput(draft: ReportDraft & { reason: ReportReason }): ReportInput {
  const details = draft.details.trim()
  return { reason: draft.reason, ...(details !== '' && { details }) }
}

/** What is wrong with a moderator's reason for hiding, if anything. */
export function hideReasonError(reason: string): string | undefined {
  if (reason.trim() === '') return moderationFormMessages.noHideReason
  if (textCount(reason, reportLimits.reasonMax).over)
    return moderationFormMessages.hideReasonTooLong
  return undefined
}
