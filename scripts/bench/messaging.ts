// The messaging block of `npm run bench`: a landlord's inbox of 1,000 conversations and a
// conversation of 10,000 messages, read on a fresh database of each dialect.
import { createApp } from '../../src/server/app.js'
import type { Dialect } from '../../src/server/db/database.js'
import type { BlockMeasures } from './measure.js'
import { measureOnServer } from './measure-server.js'
import { seedMessaging, type MessagingSeed } from './messaging-seed.js'
import { chooseMessagingTargets, messagingFacts, type MessagingFacts } from './messaging-targets.js'
import type { BenchCity } from './seed.js'
import type { BenchSettings } from './settings.js'
import { openStoreContext, type BenchStore } from './store.js'

export interface MessagingBlockResult extends BlockMeasures {
  dialect: Dialect
  seed: Omit<MessagingSeed, 'cookie'>
  /** the statements one request of each target sends */
  statements: MessagingFacts[]
  databaseCpuCounted: boolean
}

export async function runMessagingBlock(
  store: BenchStore,
  settings: BenchSettings,
  cities: BenchCity[],
): Promise<MessagingBlockResult> {
  const context = await openStoreContext(store)
  let prepared
  try {
    const { cookie, ...seed } = await seedMessaging(context, cities)
    const app = createApp(context)
    const targets = await chooseMessagingTargets(context.db, app, { cookie, ...seed })
    prepared = { seed, targets, statements: await messagingFacts(store.dialect, app, targets) }
  } finally {
    await context.db.close()
  }
  const measures = await measureOnServer(store, prepared.targets, settings)
  return {
    dialect: store.dialect,
    seed: prepared.seed,
    statements: prepared.statements,
    ...measures,
  }
}
