// npm run cluster: CLUSTER_SIZE built servers (default 3) on one PostgreSQL (DATABASE_URL, or a
// throwaway one) and one s3rver, behind HAProxy on CLUSTER_PORT (default 8080), with the demo
// listings. Prints `cluster ready: http://127.0.0.1:PORT` once every server responds through
// HAProxy, and stops everything on Ctrl-C or SIGTERM.
import { ClusterError, startCluster, type Cluster } from './cluster/start-cluster.js'
import { wholeNumber } from './whole-number.js'

let size = 0
let port = 0
try {
  size = wholeNumber('CLUSTER_SIZE', 3, { max: 16 })
  port = wholeNumber('CLUSTER_PORT', 8080, { max: 65535 })
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
let cluster: Cluster | undefined
let stopping = false

let exitCode = 0

/** During the start, the start itself stops what it made once it is done. */
function stop(code: number) {
  if (stopping) return
  stopping = true
  exitCode = code
  console.info('Stopping the cluster…')
  if (cluster) void cluster.stop().then(() => process.exit(code))
}
process.once('SIGINT', () => stop(130))
process.once('SIGTERM', () => stop(143))

try {
  console.info(`Starting ${size} servers, PostgreSQL, s3rver and HAProxy…`)
  cluster = await startCluster({
    size,
    port,
    databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
    seedDemo: true,
  })
  if (stopping) {
    await cluster.stop()
    process.exit(exitCode)
  } else {
    for (const server of cluster.servers) console.info(`  ${server.name}: ${server.url}`)
    console.info(`cluster ready: ${cluster.url}`)
  }
} catch (error) {
  console.error(error instanceof ClusterError ? error.message : error)
  process.exit(1)
}
