// One cluster soak: the soak's mixed traffic (scripts/soak/workload.ts) through HAProxy, a server
// killed with SIGKILL and started again mid-run, listings that match a saved search's instant
// alerts and messages between askers and landlords (scripts/cluster-soak/messaging.ts) along the
// way, a burst of viewing bookings around the kill (scripts/cluster-soak/viewings.ts), and
// afterwards the checks: every acknowledged write, message and booking on every server, no slot
// over its capacity, sessions, the shared sign-in limits, each alert, message and booking mail
// sent once.
import fs from 'node:fs'
import path from 'node:path'
import { seededRandom } from '../../src/server/seed/random.js'
import type { Listing } from '../../src/shared/listing.js'
import { withAppContext } from '../../tests/support/server-process.js'
import { signUpAndIn } from '../../tests/support/sign-in.js'
import type { SmtpCatcher } from '../../tests/support/smtp-catcher.js'
import { haproxySourceAddress } from '../cluster/haproxy-config.js'
import type { Cluster } from '../cluster/start-cluster.js'
import { createSend, jsonOf, type Send } from '../soak/http.js'
import { sampleImages } from '../soak/images.js'
import { Recorder, type KindTotals } from '../soak/recorder.js'
import { requestTable } from '../soak/report.js'
import { allListings, countOf } from '../soak/run.js'
import { errorLines } from '../soak/server-log.js'
import { uploadImage, type SampleImage } from '../soak/tus.js'
import { UserPool, type SoakUser } from '../soak/users.js'
import { runWorkload, type OperationCounts } from '../soak/workload.js'
import {
  alertPrice,
  alertSaver,
  alertsOnce,
  perAccountLimitShared,
  perAddressLimitShared,
  sessionsOnEveryServer,
  type CheckResult,
} from './cluster-checks.js'
import { machineBusySeconds, processCpuSeconds } from './cpu-time.js'
import { messageMailsOnce, messagesKept, messagingParties, runMessaging } from './messaging.js'
import { createRetryingSend, type Retries } from './retrying-send.js'
import {
  bookingMailsOnce,
  bookingsKept,
  burstShape,
  runViewingBurst,
  viewingBurst,
} from './viewings.js'
import { WriteLedger } from './write-ledger.js'

/**
 * What the soak's servers trust to name the client: HAProxy, and the soak's own client on
 * 127.0.0.1, which stands for a front proxy naming each virtual client in X-Forwarded-For.
 */
export const soakTrustProxy = `${haproxySourceAddress},127.0.0.1`

/**
 * The soak's traffic all comes from its one client, far past the per-address budget of uncached
 * searches: the soak measures the servers, not that limit.
 */
export const soakSearchReads = { SEARCH_READS_PER_MINUTE: '0' }

export interface ClusterSoakSettings {
  seconds: number
  connections: number
  seed: number
  /** when to SIGKILL the second server, in seconds from the start; no kill when undefined */
  killAtSeconds?: number
  /** listings made along the way that the saved search's instant alerts must each name once */
  alertListings: number
  /** conversations whose two people write to each other during the run (checks only) */
  messageConversations: number
  /** whether visitors book an open house in waves around the kill (checks and a kill only) */
  viewingBurst: boolean
  /** whether to run the checks after the load (a throughput run leaves them out) */
  checks: boolean
  /** whether the servers have their built client, so HTML pages can be asked for */
  pages: boolean
}

export interface Criterion {
  name: string
  value: string
  pass: boolean
}

export interface ClusterSoakResult {
  settings: ClusterSoakSettings
  size: number
  durationMs: number
  requests: Record<string, KindTotals>
  /** the viewing burst's bookings, kept apart: most of them are meant to get a 409 */
  bookingRequests: Record<string, KindTotals>
  operations: OperationCounts
  retries: Retries
  acknowledgedWrites: number
  /** processor seconds during the load: the servers, HAProxy, this process, the whole machine */
  cpuSeconds: { servers: number; haproxy: number; client: number; machine: number }
  criteria: Criterion[]
  passed: boolean
}

const writeShare = 0.1
const killedServer = 1

export async function runClusterSoak(
  cluster: Cluster,
  catcher: SmtpCatcher | undefined,
  settings: ClusterSoakSettings,
): Promise<ClusterSoakResult> {
  const env = { ...cluster.env, DATA_DIR: path.join(cluster.servers[0]!.dataDir, '..', 'soak') }
  return withAppContext(env, async (context) => {
    const users = new UserPool(context, Math.ceil(settings.connections / 5) + 1)
    await users.fill()
    const [catalogue, images] = await Promise.all([allListings(cluster.url), sampleImages()])
    const saver = settings.checks ? await alertSaver(context) : undefined
    const alertOwner = await users.take()
    const parties = settings.checks
      ? await messagingParties(context, settings.messageConversations)
      : []
    const burst =
      settings.checks && settings.viewingBurst && settings.killAtSeconds !== undefined
        ? await viewingBurst(context)
        : undefined

    const recorder = new Recorder()
    const retries: Retries = {
      inFlight: 0,
      unexplained: 0,
      deletedByLostAttempt: 0,
      createdByLostAttempt: 0,
      samples: [],
    }
    const killedAt: number[] = []
    const ledger = new WriteLedger()
    const send = ledger.watch(
      createRetryingSend(createSend(cluster.url, recorder), () => killedAt, retries),
    )
    const fault = { killed: false, restarted: false }
    const bookingRecorder = new Recorder()

    const logStart = cluster.servers.map((server) => logSize(server.dataDir))
    const cpuBefore = cpuNow(cluster)
    const started = performance.now()
    const until = Date.now() + settings.seconds * 1000
    // The burst's waves on either side of the kill: it lands on the middle one.
    const burstStart =
      Date.now() + (settings.killAtSeconds ?? 0) * 1000 - (burstShape.waves * burstShape.gapMs) / 2
    const [operations, alerted, , messaging, bookings] = await Promise.all([
      runWorkload({
        send,
        users,
        images,
        catalogue,
        connections: settings.connections,
        until,
        seed: settings.seed,
        pages: settings.pages,
        writeShare,
      }),
      settings.checks
        ? createAlertListings(send, alertOwner, images, settings.alertListings, until)
        : Promise.resolve(0),
      settings.killAtSeconds === undefined
        ? undefined
        : killAndRestart(cluster, settings.killAtSeconds, killedAt, fault),
      parties.length > 0 ? runMessaging(send, parties, until, settings.seed) : undefined,
      burst
        ? runViewingBurst(createSend(cluster.url, bookingRecorder), burst, burstStart)
        : undefined,
    ])
    const durationMs = performance.now() - started
    const cpuAfter = cpuNow(cluster)
    const lines = cluster.servers.flatMap((server, n) =>
      serverErrorLines(server.dataDir, logStart[n]!),
    )
    await users.settle()

    const criteria: Criterion[] = []
    const count = (type: '4xx' | '5xx' | 'network') => countOf(recorder.totals(), type)
    const unexplained = count('5xx') + count('network') - retries.inFlight
    criteria.push({
      name: '5xx or requests without a response not in flight on the killed server',
      value:
        `${unexplained}; in flight on the killed server and retried: ${retries.inFlight}` +
        (retries.samples.length ? ` (${retries.samples.join('; ')})` : ''),
      pass: unexplained === 0,
    })
    const unexpected4xx = count('4xx') - retries.deletedByLostAttempt - retries.createdByLostAttempt
    criteria.push({
      name: '4xx responses not to a retried DELETE or create that its lost attempt had done',
      value:
        `${unexpected4xx}; 404 to such a DELETE: ${retries.deletedByLostAttempt}, ` +
        `400 to such a create: ${retries.createdByLostAttempt}`,
      pass: unexpected4xx === 0,
    })
    const failed = Object.values(operations).reduce((sum, { failed }) => sum + failed, 0)
    criteria.push({
      name: 'operations that failed (an unfinished upload fails its create or edit)',
      value: String(failed),
      pass: failed === 0,
    })
    if (settings.killAtSeconds !== undefined) {
      criteria.push({
        name: `server app${killedServer + 1} killed with SIGKILL and started again`,
        value: `killed: ${fault.killed}, listening again: ${fault.restarted}`,
        pass: fault.killed && fault.restarted,
      })
    }
    if (settings.checks) {
      const kept = messaging && (await messagesKept(cluster.servers, messaging))
      // Waited for while the other checks run.
      const messageMails =
        messaging && kept ? messageMailsOnce(catcher!, messaging, kept.stored) : undefined
      const booked = bookings && (await bookingsKept(context, cluster.servers, bookings, killedAt))
      const bookingMails =
        bookings && booked
          ? bookingMailsOnce(context, catcher!, bookings, booked.stored)
          : undefined
      const missing = (
        await Promise.all(
          cluster.servers.map(async (server) =>
            (await ledger.missingOn(server.url)).map((line) => `${server.name}: ${line}`),
          ),
        )
      ).flat()
      criteria.push({
        name: `acknowledged writes missing on some server (of ${ledger.writes}, read on each)`,
        value: `${missing.length}${missing.length ? ` (${missing.slice(0, 3).join('; ')})` : ''}`,
        pass: missing.length === 0,
      })
      const sessionUser = await signUpAndIn(context, { name: 'Soak Session' })
      const victim = await signUpAndIn(context, { name: 'Soak Victim' })
      const bystander = await signUpAndIn(context, { name: 'Soak Bystander' })
      const checks: [string, CheckResult][] = [
        [
          'a session made through HAProxy, asked on each server',
          await sessionsOnEveryServer(cluster.url, cluster.servers, sessionUser),
        ],
        [
          'per-address sign-in limit shared by all servers',
          await perAddressLimitShared(cluster.url),
        ],
        [
          'per-account sign-in limit shared by all servers',
          await perAccountLimitShared(cluster.url, victim, bystander),
        ],
        ['each instant alert sent once', await alertsOnce(catcher!, saver!, alerted)],
      ]
      if (kept && messageMails) {
        checks.push(
          ['acknowledged messages kept once, read on each server', kept],
          ['one mail to each person with unread messages, per conversation', await messageMails],
        )
      }
      if (booked && bookingMails) {
        checks.push(
          ['viewing bookings within capacity, each acknowledged one kept, on each server', booked],
          [
            'one booking mail to the booker and one to the owner of each booking',
            await bookingMails,
          ],
        )
      }
      for (const [name, { pass, value }] of checks) criteria.push({ name, value, pass })
      criteria.push({
        name: 'error lines in the servers’ logs during the load',
        value: `${lines.length}${lines.length ? ` (${lines.slice(0, 3).join(' | ')})` : ''}`,
        pass: lines.length === 0,
      })
    }

    return {
      settings,
      size: cluster.servers.length,
      durationMs: Math.round(durationMs),
      requests: recorder.totals(),
      bookingRequests: bookingRecorder.totals(),
      operations,
      retries,
      acknowledgedWrites: ledger.writes,
      cpuSeconds: {
        servers: cpuAfter.servers - cpuBefore.servers,
        haproxy: cpuAfter.haproxy - cpuBefore.haproxy,
        client: cpuAfter.client - cpuBefore.client,
        machine: cpuAfter.machine - cpuBefore.machine,
      },
      criteria,
      passed: criteria.every((criterion) => criterion.pass),
    }
  })
}

function cpuNow(cluster: Cluster) {
  const usage = process.cpuUsage()
  return {
    servers: cluster.servers.reduce(
      (sum, server) => sum + processCpuSeconds(server.process.child.pid!),
      0,
    ),
    haproxy: processCpuSeconds(cluster.haproxyPid),
    client: (usage.user + usage.system) / 1e6,
    machine: machineBusySeconds(),
  }
}

async function killAndRestart(
  cluster: Cluster,
  atSeconds: number,
  killedAt: number[],
  fault: { killed: boolean; restarted: boolean },
): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, atSeconds * 1000))
  killedAt.push(Date.now())
  await cluster.kill(killedServer)
  fault.killed = true
  await cluster.restart(killedServer)
  fault.restarted = (await fetch(`${cluster.servers[killedServer]!.url}/healthz`)).ok
}

/**
 * Rentals at the alert price, spread over the run (through HAProxy, each with an uploaded image):
 * returns how many were acknowledged, which is how many listings the alerts must name.
 */
async function createAlertListings(
  send: Send,
  owner: SoakUser,
  images: SampleImage[],
  count: number,
  until: number,
): Promise<number> {
  const random = seededRandom(count)
  const gapMs = (until - Date.now()) / (count + 1)
  let created = 0
  for (let n = 1; n <= count; n += 1) {
    await new Promise((resolve) => setTimeout(resolve, gapMs))
    const image = await uploadImage(send, owner.cookie, random.pick(images))
    if (!image) continue
    const response = await send('POST /api/listings', '/api/listings', {
      method: 'POST',
      cookie: owner.cookie,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        type: 'rent',
        name: `Soak Alert Villa ${n}`,
        bedrooms: 4,
        bathrooms: 2,
        parking: true,
        furnished: true,
        address: `${n} Rue de Rivoli, Paris, France`,
        offer: false,
        regularPrice: alertPrice + n,
        images: [image],
      }),
    })
    if (jsonOf<Listing>(response)) created += 1
  }
  return created
}

const logFile = (dataDir: string) => path.join(dataDir, 'server.log')
const logSize = (dataDir: string) => fs.statSync(logFile(dataDir)).size

/**
 * The error lines a server logged from `start` (bytes) on. The AWS SDK's notice that its next
 * versions need a newer Node (printed at each start, a restart's too) is about Node, not the run.
 */
function serverErrorLines(dataDir: string, start: number): string[] {
  const log = fs.readFileSync(logFile(dataDir)).subarray(start).toString('utf8')
  return errorLines(log, '').filter(
    (line) => !line.includes('NodeVersionSupportWarning') && !line.includes('--trace-warnings'),
  )
}

export function formatClusterReport(result: ClusterSoakResult): string {
  const seconds = result.durationMs / 1000
  const total = Object.values(result.requests).reduce((sum, kind) => sum + kind.requests, 0)
  const operations = Object.entries(result.operations)
    .map(([name, { done, failed }]) => `${name} ${done}${failed ? ` (+${failed} failed)` : ''}`)
    .join(', ')
  const { servers, haproxy, client, machine } = result.cpuSeconds
  const share = (value: number) => `${((value / seconds) * 100).toFixed(0)}%`
  return [
    `Cluster soak: ${result.size} servers, ${result.settings.connections} connections for ` +
      `${seconds.toFixed(0)} s (seed ${result.settings.seed}), ${(total / seconds).toFixed(0)} requests/s`,
    `Processor time (100% = one core): servers ${share(servers)}, HAProxy ${share(haproxy)}, ` +
      `soak client and s3rver ${share(client)}, whole machine ${share(machine)}`,
    '',
    ...requestTable(result.requests),
    '',
    `Operations: ${operations}`,
    ...(Object.keys(result.bookingRequests).length > 0
      ? ['', 'Viewing burst:', ...requestTable(result.bookingRequests)]
      : []),
    ...Object.entries(result.requests).flatMap(([kind, totals]) =>
      totals.failures.map((failure) => `  ${kind}: ${failure}`),
    ),
    '',
    ...result.criteria.map(
      (criterion) => `${criterion.pass ? 'PASS' : 'FAIL'}  ${criterion.name}: ${criterion.value}`,
    ),
  ].join('\n')
}
