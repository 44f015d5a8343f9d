// Reads of Better Auth's `user` table that the app needs beyond what Better Auth answers itself.
import type { PublicUser, UserProfile } from '../../shared/profile.js'
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
  }
}

export type UserQueries = ReturnType<typeof createUserQueries>
