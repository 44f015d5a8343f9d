// Reads of Better Auth's `user` table that the app needs beyond what Better Auth answers itself.
import type { LandlordProfile } from '../../shared/landlord-profile.js'
import type { PublicUser, UserProfile } from '../../shared/profile.js'
import { readReplyFigures } from '../conversations/reply-figures.js'
import type { Db } from '../db/database.js'

export function createUserQueries({ kysely }: Db) {
  return {
    async getPublic(id: string): Promise<PublicUser | undefined> {
      return kysely
        .selectFrom('user')
        .select(['id', 'name', 'email'])
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /** What anyone may read of a user: the e-mail only if they have a listing, of any status. */
    async getProfile(id: string): Promise<UserProfile | undefined> {
      const user = await this.getPublic(id)
      if (!user) return undefined
      const listing = await kysely
        .selectFrom('listing')
        .select('id')
        .where('userRef', '=', id)
        .limit(1)
        .executeTakeFirst()
      return listing ? user : { id: user.id, name: user.name }
    },

    async findIdByEmail(email: string): Promise<string | undefined> {
      const row = await kysely
        .selectFrom('user')
        .select('id')
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst()
      return row?.id
    },

    /** A user's public page: name, the day they joined and how they reply; never the e-mail. */
    async getLandlordProfile(id: string, now = Date.now()): Promise<LandlordProfile | undefined> {
      const user = await kysely
        .selectFrom('user')
        .select(['id', 'name', 'createdAt'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!user) return undefined
      const memberSince = new Date(user.createdAt).toISOString().slice(0, 10)
      const replies = await readReplyFigures(kysely, id, now)
      return { id: user.id, name: user.name, memberSince, replies }
    },
  }
}

export type UserQueries = ReturnType<typeof createUserQueries>
