// Reads of Better Auth's `user` table that the app needs beyond what Better Auth returns itself,
// and the user's choice about showing their e-mail (`contact_preference`; no row: shown).
import type { LandlordProfile } from '../../shared/landlord-profile.js'
import type { OwnProfile, UserProfile } from '../../shared/profile.js'
import { readReplyFigures } from '../conversations/reply-figures.js'
import type { Kysely } from 'kysely'
import type { Db } from '../db/database.js'
import type { Database } from '../db/schema.js'

/** A stored boolean (0/1 on SQLite), or null without a preference row: on by default. */
const isOn = (value: boolean | number | null) => value === null || Boolean(value)

export function createUserQueries(db: Db) {
  const { kysely } = db
  return {
    /** The user's own details, with whether their e-mail is shown. */
    async getOwn(id: string): Promise<OwnProfile | undefined> {
      const row = await kysely
        .selectFrom('user')
        .leftJoin('contact_preference', 'contact_preference.userId', 'user.id')
        .select([
          'user.id',
          'user.name',
          'user.email',
          'contact_preference.showEmail',
          'contact_preference.statsMail',
        ])
        .where('user.id', '=', id)
        .executeTakeFirst()
      if (!row) return undefined
      const { id: userId, name, email } = row
      return {
        id: userId,
        name,
        email,
        showEmail: isOn(row.showEmail),
        statsMail: isOn(row.statsMail),
      }
    },

    /**
     * What anyone may read of a user: the e-mail only if they have a listing, of any status, and
     * have not chosen to hide it.
     */
    async getProfile(id: string): Promise<UserProfile | undefined> {
      const user = await this.getOwn(id)
      if (!user) return undefined
      const nameOnly = { id: user.id, name: user.name }
      if (!user.showEmail) return nameOnly
      const listing = await kysely
        .selectFrom('listing')
        .select('id')
        .where('userRef', '=', id)
        .limit(1)
        .executeTakeFirst()
      return listing ? { ...nameOnly, email: user.email } : nameOnly
    },

    /** Sets the choices given and keeps the others as they were: on, without a row. */
    setChoices: (userId: string, choices: Partial<Record<ContactChoice, boolean>>) =>
      setContactChoices(db, userId, choices),

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

export const userEmailQuery = (kysely: Kysely<Database>, userId: string) =>
  kysely.selectFrom('user').select(['email', 'emailVerified']).where('id', '=', userId)

/** The user's address and whether it is verified; undefined for a deleted user. */
export async function userEmail(
  { kysely }: Db,
  userId: string,
): Promise<{ email: string; verified: boolean } | undefined> {
  const row = await userEmailQuery(kysely, userId).executeTakeFirst()
  return row && { email: row.email, verified: Boolean(row.emailVerified) }
}

export async function userExists({ kysely }: Db, userId: string): Promise<boolean> {
  const row = await kysely
    .selectFrom('user')
    .select('id')
    .where('id', '=', userId)
    .executeTakeFirst()
  return row !== undefined
}

/** What a person may turn off about being contacted (`contact_preference`; no row: all on). */
export type ContactChoice = 'showEmail' | 'messageMails' | 'statsMail'

/** Whether the user has turned this choice off (no preference row: it is on). */
export async function choiceOff(
  { kysely }: Db,
  userId: string,
  choice: ContactChoice,
): Promise<boolean> {
  const row = await kysely
    .selectFrom('contact_preference')
    .select(choice)
    .where('userId', '=', userId)
    .executeTakeFirst()
  return row !== undefined && !row[choice]
}

/** Sets the choices given, keeping the others as they were; a deleted user has none to set. */
export async function setContactChoices(
  db: Db,
  userId: string,
  choices: Partial<Record<ContactChoice, boolean>>,
): Promise<void> {
  const given = Object.fromEntries(
    Object.entries(choices).flatMap(([name, on]) =>
      on === undefined ? [] : [[name, db.bool(on)]],
    ),
  )
  if (Object.keys(given).length === 0 || !(await userExists(db, userId))) return
  const allOn = { showEmail: db.bool(true), messageMails: db.bool(true), statsMail: db.bool(true) }
  await db.kysely
    .insertInto('contact_preference')
    .values({ userId, ...allOn, ...given })
    .onConflict((conflict) => conflict.column('userId').doUpdateSet(given))
    .execute()
}
