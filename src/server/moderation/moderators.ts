// Who may moderate listings: the accounts whose verified address is in MODERATOR_EMAILS. The
// address is checked first, so that most requests read nothing more of the database.
import type { Db } from '../db/database.js'
import type { PublicUser } from '../../shared/profile.js'
import { userEmail } from '../users/users.queries.js'

export interface Moderators {
  isModerator(user: Pick<PublicUser, 'id' | 'email'> | null | undefined): Promise<boolean>
}

export function createModerators(db: Db, emails: readonly string[]): Moderators {
  const listed = new Set(emails.map((email) => email.toLowerCase()))
  return {
    async isModerator(user) {
      if (!user || !listed.has(user.email.toLowerCase())) return false
      const stored = await userEmail(db, user.id)
      // The address read again with the verification, in case it changed since the session began.
      return !!stored && stored.verified && listed.has(stored.email.toLowerCase())
    },
  }
}
