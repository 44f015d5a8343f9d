import { z } from 'zod'
import { isPlainText, plainTextMessage } from './plain-text.js'

/** A user as the API shows them: the contact page needs the e-mail for the spec's mailto link. */
export interface PublicUser {
  id: string
  name: string
  email: string
}

/**
 * GET /api/users/:id: the e-mail only of a user with a listing (a landlord someone may contact)
 * who chose to show it, so that the address of anyone else cannot be read by their id.
 */
export type UserProfile = Omit<PublicUser, 'email'> & { email?: string }

export const nameLength = { min: 1, max: 64 } as const

/** GET and PATCH /api/users/me: the signed-in user's own details and choices. */
export interface OwnProfile extends PublicUser {
  /** whether people who contact them see their e-mail address (on unless they turned it off) */
  showEmail: boolean
  /** whether they get the Monday mail of their listings' statistics (on unless they turned it off) */
  statsMail: boolean
}

/**
 * PATCH /api/users/me: the name (the spec's only saved field), whether the e-mail is shown and
 * whether the statistics mail comes, any of them; a body with none is refused as a missing name.
 */
export const profileSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(nameLength.min, 'Enter your name')
      .max(nameLength.max, `At most ${nameLength.max} characters`)
      .refine(isPlainText, plainTextMessage)
      .optional(),
    showEmail: z.boolean({ error: 'Choose true or false' }).optional(),
    statsMail: z.boolean({ error: 'Choose true or false' }).optional(),
  })
  .refine(
    (profile) =>
      profile.name !== undefined ||
      profile.showEmail !== undefined ||
      profile.statsMail !== undefined,
    { message: 'Enter your name', path: ['name'] },
  )

export type ProfileChange = z.infer<typeof profileSchema>
