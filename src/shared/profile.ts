import { z } from 'zod'
import { isPlainText, plainTextMessage } from './plain-text.js'

/** A user as the API shows them: the contact page needs the e-mail for the spec's mailto link. */
export interface PublicUser {
  id: string
  name: string
  email: string
}

/**
 * GET /api/users/:id: the e-mail only of a user with a listing (a landlord someone may contact),
 * so that the address of anyone else cannot be read by their id.
 */
export type UserProfile = Omit<PublicUser, 'email'> & { email?: string }

export const nameLength = { min: 1, max: 64 } as const

/** PATCH /api/users/me: only the name is saved (the spec's validation rules). */
export const profileSchema = z.object({
  name: z
    .string()
    .trim()
    .min(nameLength.min, 'Enter your name')
    .max(nameLength.max, `At most ${nameLength.max} characters`)
    .refine(isPlainText, plainTextMessage),
})
