// Names this server process in /healthz, so an operator (or a test) behind a load balancer can
// tell which one responded (docs/decisions/016-jobs-once-and-instance-names.md).
import { randomBytes } from 'node:crypto'

/**
 * A random name made at start: the same for the life of the process, different for every process,
 * and telling nothing of the host. The start-up line prints it beside the pid.
 */
export const instanceName = randomBytes(6).toString('hex')
