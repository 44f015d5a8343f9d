// Reads of Better Auth's `user` table that the app needs beyond what Better Auth answers itself.
import type { PublicUser } from '../../shared/profile.js'
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
