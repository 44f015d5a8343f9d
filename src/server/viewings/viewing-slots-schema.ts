// The body of `PUT /api/listings/:id/viewing-slots`: each slot's own limits. Whether slots overlap
// (booked ones included) is checked where they are stored (viewing-slots.queries.ts).
import { z } from 'zod'
import { viewingLimits } from '../../shared/viewing.js'

const dayMs = 24 * 60 * 60 * 1000

/** The body of `PUT /api/listings/:id/viewing-slots`, read at `now`. */
export const viewingSlotsSchema = (now: number) =>
  z.object({
    slots: z
      .array(
        z.object({
          start: z.iso
            .datetime({ offset: true, error: 'Give the start as an ISO 8601 date and time' })
            .transform((value) => Date.parse(value))
            .refine((start) => start > now, 'A viewing time must be in the future')
            .refine(
              (start) => start <= now + viewingLimits.maxDaysAhead * dayMs,
              `A viewing time is at most ${viewingLimits.maxDaysAhead} days ahead`,
            ),
          minutes: z
            .int('Give the length in whole minutes')
            .min(
              viewingLimits.minMinutes,
              `A viewing lasts at least ${viewingLimits.minMinutes} minutes`,
            )
            .max(
              viewingLimits.maxMinutes,
              `A viewing lasts at most ${viewingLimits.maxMinutes} minutes`,
            ),
          capacity: z
            .int('Give the number of places as a whole number')
            .min(viewingLimits.minCapacity, 'A viewing has at least 1 place')
            .max(
              viewingLimits.maxCapacity,
              `A viewing has at most ${viewingLimits.maxCapacity} places`,
            ),
        }),
      )
      .max(viewingLimits.maxSlots, `A listing has at most ${viewingLimits.maxSlots} viewing times`),
  })
