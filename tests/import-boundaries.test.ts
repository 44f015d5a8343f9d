// The import boundaries of eslint.config.js catch what they are for: each case is a module as a
// newcomer might write it, linted at its place in the tree with the project's own configuration.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })

/** The rules that `code` breaks when it is the file at `file` (from the repository's root). */
async function brokenRules(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result!.messages.map((message) => message.ruleId ?? message.message)
}

describe('the import boundaries', () => {
  it('keep SQL out of route files', async () => {
    const rules = await brokenRules(
      'src/server/favourites/favourites.routes.ts',
      "import { sql } from 'kysely'\nexport const read = (db: { kysely: unknown }) => [db.kysely, sql]\n",
    )
    expect(rules).toContain('@typescript-eslint/no-restricted-imports')
    expect(rules).toContain('no-restricted-syntax')
  })

  it("keep the alerts off other features' tables", async () => {
    const rules = await brokenRules(
      'src/server/alerts/savers.ts',
      "import type { Kysely } from 'kysely'\nimport type { Database } from '../db/schema.js'\nexport const savers = (kysely: Kysely<Database>) => kysely.selectFrom('favourite').select('userId')\n",
    )
    expect(rules).toEqual(['no-restricted-syntax'])
  })

  it("keep a feature out of another feature's internals, type imports too", async () => {
    const rules = await brokenRules(
      'src/server/listings/listing-writes-copy.ts',
      "import type { ListingAlertQueue } from '../alerts/listing-alerts.js'\nexport type Alerts = ListingAlertQueue\n",
    )
    expect(rules).toEqual(['import-x/no-restricted-paths'])
  })

  it("let a feature use another feature's queries", async () => {
    const rules = await brokenRules(
      'src/server/alerts/savers.ts',
      "export { listingSavers } from '../favourites/favourites.queries.js'\n",
    )
    expect(rules).toEqual([])
  })

  it('keep src/shared free of server and client code', async () => {
    const rules = await brokenRules(
      'src/shared/new-id.ts',
      "export { newId } from '../server/ids.js'\n",
    )
    expect(rules).toEqual(['import-x/no-restricted-paths'])
  })

  it("keep the server's shared parts free of features", async () => {
    const rules = await brokenRules(
      'src/server/mail/alert-kinds.ts',
      "export { alertJobKinds } from '../alerts/listing-alerts.js'\n",
    )
    expect(rules).toEqual(['import-x/no-restricted-paths'])
  })

  it('keep server/lib free of server code, and find import cycles', async () => {
    // jobs/job-queue.ts imports lib/batches.ts: importing it back closes a cycle.
    const rules = await brokenRules(
      'src/server/lib/batches.ts',
      "import { jobTiming } from '../jobs/job-queue.js'\nexport const timing = jobTiming\n",
    )
    expect(rules.sort()).toEqual(['import-x/no-cycle', 'import-x/no-restricted-paths'])
  })

  it('give each route in app.ts the members of the context it uses', async () => {
    const app = await readFile(path.join(root, 'src/server/app.ts'), 'utf8')
    const whole = app.replace(
      'favouritesRoutes({ favourites: context.favourites, auth })',
      'favouritesRoutes(context)',
    )
    expect(whole).not.toBe(app)
    expect(await brokenRules('src/server/app.ts', whole)).toEqual(['no-restricted-syntax'])
    expect(await brokenRules('src/server/app.ts', app)).toEqual([])
  })
})
