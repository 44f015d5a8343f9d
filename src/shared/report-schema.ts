// The bodies of a report and of a moderator's hide or unhide (the API contract).
import { z } from 'zod'
import { isPlainLines, isPlainText, plainTextMessage } from './plain-text.js'
import { reportLimits, reportReasons } from './report.js'

const details = z
  .string()
  .trim()
  .max(reportLimits.detailsMax, `At most ${reportLimits.detailsMax} characters`)
  .refine(isPlainLines, plainTextMessage)

export const reportSchema = z.object({
  reason: z.enum(reportReasons, { error: `Choose one of: ${reportReasons.join(', ')}` }),
  details: details.optional().transform((text) => (text === '' ? undefined : text)),
})

const moderatorReason = z
  .string()
  .trim()
  .max(reportLimits.reasonMax, `At most ${reportLimits.reasonMax} characters`)
  .refine(isPlainText, plainTextMessage)

/** Hiding needs a reason: the owner reads it. */
export const hideSchema = z.object({
  reason: moderatorReason.min(1, 'Say why: the owner reads it'),
})

/** Showing again or dismissing the reports: a note is optional. */
export const moderationNoteSchema = z.object({ reason: moderatorReason.optional() })
