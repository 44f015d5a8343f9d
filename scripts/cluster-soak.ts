// npm run cluster-soak: the soak's mixed traffic through HAProxy at 3 built servers for
// CLUSTER_SOAK_SECONDS (default 120) from CLUSTER_SOAK_CONNECTIONS (default 20), the second server
// killed with SIGKILL a third of the way in and started again, then the checks (scripts/cluster-
// soak/run.ts). Then the throughput of 1 server and of 3 through HAProxy, the same mix without a
// kill for CLUSTER_SOAK_THROUGHPUT_SECONDS (default 30) each. Prints the reports, writes
// bench/cluster-soak.json, exits 1 on a failed criterion. PostgreSQL: DATABASE_URL, or a throwaway.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { SmtpCatcher } from '../tests/support/smtp-catcher.js'
import { ClusterError, startCluster, type Cluster } from './cluster/start-cluster.js'
import {
  formatClusterReport,
  runClusterSoak,
  soakSearchReads,
  soakTrustProxy,
  type ClusterSoakResult,
  type ClusterSoakSettings,
} from './cluster-soak/run.js'
import { seedCatalogue } from './soak/run.js'
import { wholeNumber } from './whole-number.js'

const resultsFile = path.resolve(import.meta.dirname, '../bench/cluster-soak.json')

const seconds = wholeNumber('CLUSTER_SOAK_SECONDS', 120)
const throughputSeconds = wholeNumber('CLUSTER_SOAK_THROUGHPUT_SECONDS', 30)
const connections = wholeNumber('CLUSTER_SOAK_CONNECTIONS', 20)
const seed = wholeNumber('SOAK_SEED', (Date.now() % 1_000_000) + 1)
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined
const listings = 40

let cluster: Cluster | undefined
let catcher: SmtpCatcher | undefined
process.once('SIGINT', () => {
  void Promise.allSettled([cluster?.stop(), catcher?.stop()]).then(() => process.exit(130))
})

async function withCluster(
  size: number,
  settings: ClusterSoakSettings,
): Promise<ClusterSoakResult> {
  catcher = await SmtpCatcher.start()
  cluster = await startCluster({
    size,
    databaseUrl,
    trustProxy: soakTrustProxy,
    env: {
      SMTP_URL: catcher.url,
      ALERT_DELAY_SECONDS: '1',
      MESSAGE_MAIL_DELAY_SECONDS: '1',
      ...soakSearchReads,
    },
    prepare: (env) => seedCatalogue(env, listings),
  })
  try {
    console.info(`\n${size} servers behind ${cluster.url}: ${settings.seconds} s…`)
    const result = await runClusterSoak(cluster, catcher, settings)
    console.info(formatClusterReport(result))
    return result
  } finally {
    await cluster.stop()
    await catcher.stop()
  }
}

try {
  const base = { connections, seed, pages: true }
  const faults = await withCluster(3, {
    ...base,
    seconds,
    killAtSeconds: Math.round(seconds / 3),
    alertListings: 10,
    messageConversations: 6,
    viewingBurst: true,
    checks: true,
  })
  const throughput = {
    ...base,
    seconds: throughputSeconds,
    alertListings: 0,
    messageConversations: 0,
    viewingBurst: false,
    checks: false,
  }
  const one = await withCluster(1, throughput)
  const three = await withCluster(3, throughput)
  const rate = (result: ClusterSoakResult) =>
    Object.values(result.requests).reduce((sum, kind) => sum + kind.requests, 0) /
    (result.durationMs / 1000)
  console.info(
    `\nThroughput through HAProxy: 1 server ${rate(one).toFixed(0)} requests/s, ` +
      `3 servers ${rate(three).toFixed(0)} requests/s (${(rate(three) / rate(one)).toFixed(2)}×) ` +
      `on ${os.cpus().length} cores`,
  )
  const machine = { cpus: os.cpus().length, node: process.version }
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true })
  fs.writeFileSync(
    resultsFile,
    `${JSON.stringify({ date: new Date().toISOString(), machine, faults, throughput: { one, three } }, null, 2)}\n`,
  )
  console.info(`\nWrote ${path.relative(process.cwd(), resultsFile)}`)
  process.exitCode = faults.passed ? 0 : 1
} catch (error) {
  if (!(error instanceof ClusterError)) throw error
  console.error(error.message)
  process.exit(1)
}
