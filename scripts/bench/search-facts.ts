// What the search table says of each search besides its speed: how many listings it matches, and
// how many SQL statements one request of it sends to the database (counted in this process, on
// the app the server runs, at the driver).
import type { App } from '../../src/server/app.js'
import type { Dialect } from '../../src/server/db/database.js'
import { countStatements } from '../../tests/support/statements.js'
import { countMatches, searchTargetNames, type SearchTargetName, type Target } from './targets.js'

export interface SearchFacts {
  name: SearchTargetName
  matches: number
  statements: number
}

export async function searchFacts(
  dialect: Dialect,
  app: App,
  targets: Target[],
): Promise<SearchFacts[]> {
  const facts: SearchFacts[] = []
  for (const target of targets) {
    const name = target.name as SearchTargetName
    if (!searchTargetNames.includes(name)) continue
    const statements = await countStatements(dialect, async () => {
      // A parameter the API ignores, as under load: the response is read, not taken from the cache.
      const response = await app.request(`${target.path}&n=statements`, { headers: target.headers })
      if (response.status !== 200) throw new Error(`${target.path} responded ${response.status}`)
      await response.arrayBuffer()
    })
    facts.push({ name, matches: await countMatches(app, target), statements })
  }
  return facts
}
