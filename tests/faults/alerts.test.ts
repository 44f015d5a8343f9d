// Alerts are delivered once through faults, on real server processes and a real SMTP server: a
// SIGKILL between a listing's match and its mail, and three servers on one PostgreSQL whose job
// workers all want every mail.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AppContext } from '../../src/server/app'
import { staleListingsJob } from '../../src/server/stale-listings/stale-listings'
import { uploadCleanupJob } from '../../src/server/uploads/upload-cleanup-jobs'
import { statsMailsJob } from '../../src/server/listing-stats/stats-mail-jobs'
import type { Listing } from '../../src/shared/listing'
import { storeReadyUpload } from '../support/ready-upload'
import { insertSavedSearch } from '../support/saved-searches'
import {
  serverEnv,
  startServer,
  withAppContext,
  type ServerProcess,
} from '../support/server-process'
import { signUpAndIn, type SignedInUser } from '../support/sign-in'
import { markEmailVerified } from '../support/verified-email'
import { SmtpCatcher } from '../support/smtp-catcher'
import { createPostgresDatabase, dialects } from '../support/test-app'
import { untilTrue } from '../support/until-true'

interface Setup {
  env: Record<string, string>
  smtp: SmtpCatcher
  owner: SignedInUser
  buyers: SignedInUser[]
  uploads: string[]
}

let cleanups: (() => Promise<unknown> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
})

/** A data folder (and database), an SMTP server, an owner with uploads, buyers with searches. */
async function setUp(
  dialect: 'sqlite' | 'postgres',
  options: { buyers: number; uploads: number; delaySeconds: number },
): Promise<Setup> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-alerts-'))
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  const database = dialect === 'postgres' ? await createPostgresDatabase() : undefined
  if (database) cleanups.push(() => database.drop())
  const smtp = await SmtpCatcher.start()
  cleanups.push(() => smtp.stop())
  const env = {
    ...serverEnv(dataDir, database?.url),
    SMTP_URL: smtp.url,
    ALERT_DELAY_SECONDS: String(options.delaySeconds),
  }
  return withAppContext(env, async (context) => {
    const owner = await signUpAndIn(context, { name: 'Olive Owner' })
    const buyers: SignedInUser[] = []
    for (let index = 0; index < options.buyers; index += 1) {
      const buyer = await signUpAndIn(context, { name: `Buyer ${index}` })
      await markEmailVerified(context, buyer.id)
      await insertSavedSearch(context, { userId: buyer.id, query: { type: 'rent' } })
      buyers.push(buyer)
    }
    const uploads: string[] = []
    for (let index = 0; index < options.uploads; index += 1) {
      uploads.push((await storeReadyUpload(context, owner.id)).id)
    }
    return { env, smtp, owner, buyers, uploads }
  })
}

async function createListing(server: ServerProcess, owner: SignedInUser, image: string, n: number) {
  const response = await fetch(`${server.url}/api/listings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: owner.cookie },
    body: JSON.stringify({
      type: 'rent',
      name: `Alert drill flat ${n}`,
      bedrooms: 2,
      bathrooms: 1,
      parking: false,
      furnished: false,
      address: '12 Rue de Rivoli, Paris, France',
      offer: false,
      regularPrice: 1500 + n,
      images: [image],
    }),
  })
  expect(response.status, await response.clone().text()).toBe(201)
  return (await response.json()) as Listing
}

/** Resolves once every match is settled and no job waits: nothing more will be sent. */
function untilQueueEmpty(context: AppContext) {
  return untilTrue(async () => {
    // The hourly upload cleanup, the stale listings' job and the Monday statistics mail wait in
    // the queue for as long as the database lives.
    const jobs = await context.db.kysely
      .selectFrom('job')
      .select('key')
      .where('kind', 'not in', [uploadCleanupJob.kind, staleListingsJob.kind, statsMailsJob.kind])
      .execute()
    const pending = await context.db.kysely
      .selectFrom('saved_search_match')
      .select('listingId')
      .where('settledAt', 'is', null)
      .execute()
    return jobs.length === 0 && pending.length === 0
  })
}

/** Each mailed listing link per recipient, as many times as it was mailed. */
function announced(smtp: SmtpCatcher, to: string): string[] {
  return smtp
    .to(to)
    .flatMap((mail) => [...mail.text.matchAll(/\/category\/rent\/([A-Za-z0-9]+)/g)])
    .map((match) => match[1]!)
    .sort()
}

describe.each(dialects)('alert delivery through faults on %s', (dialect) => {
  it('delivers an alert once when the server is killed between the match and the send', async () => {
    const setup = await setUp(dialect, { buyers: 1, uploads: 1, delaySeconds: 3 })
    const { env, smtp, owner } = setup
    const buyer = setup.buyers[0]!
    let server = await startServer(env)
    cleanups.push(() => server.stop('SIGKILL'))
    const listing = await createListing(server, owner, setup.uploads[0]!, 1)
    // Killed once the worker recorded the match (and queued its mail, 3 s away).
    await withAppContext(env, async (context) => {
      await untilTrue(async () => {
        const match = await context.db.kysely
          .selectFrom('saved_search_match')
          .select('listingId')
          .executeTakeFirst()
        return match !== undefined
      })
    })
    server.child.kill('SIGKILL')
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' })
    expect(smtp.mails).toEqual([])

    server = await startServer(env)
    await smtp.waitForCount(1)
    await withAppContext(env, (context) => untilQueueEmpty(context))
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    expect(smtp.mails).toHaveLength(1)
    expect(announced(smtp, buyer.email)).toEqual([listing.id])
  }, 120_000)
})

describe.runIf(dialects.includes('postgres'))('three servers on one PostgreSQL', () => {
  it('announce each listing to each instant saved search once', async () => {
    // A second's delay, as the journeys' server has: matches made on different servers join.
    const setup = await setUp('postgres', { buyers: 3, uploads: 9, delaySeconds: 1 })
    const { env, smtp, owner, buyers } = setup
    const servers = await Promise.all([startServer(env), startServer(env), startServer(env)])
    cleanups.push(() => Promise.all(servers.map((server) => server.stop('SIGKILL'))))
    // Creates through every server, three at once, while every worker looks for mail to send.
    const listings: Listing[] = []
    for (let index = 0; index < setup.uploads.length; index += servers.length) {
      listings.push(
        ...(await Promise.all(
          servers.map((server, offset) =>
            createListing(server, owner, setup.uploads[index + offset]!, index + offset),
          ),
        )),
      )
    }
    await withAppContext(env, (context) => untilQueueEmpty(context))
    for (const server of servers) {
      expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    }
    const ids = listings.map((listing) => listing.id).sort()
    for (const buyer of buyers) expect(announced(smtp, buyer.email)).toEqual(ids)
    expect(smtp.to(owner.email)).toEqual([])
  }, 180_000)
})
