// Names this server process in /healthz, so an operator (or a test) behind a load balancer can
// tell which one answered (docs/decisions/016-jobs-once-and-instance-names.md).
import os from 'node:os'

/** The host (a container's own hostname under compose) and the process id: `host:pid`. */
export const instanceName = `${os.hostname()}:${process.pid}`
