// Where the browser tests' servers listen: the two app servers and the stand-ins for the outside
// world (services.ts). E2E_PORT_BASE moves them all, so that two checkouts can run their journeys
// on one machine at once.
const base = Number(process.env.E2E_PORT_BASE ?? 4311)

/** The app server with the demo data, and the one with an empty database. */
export const seededPort = base
export const emptyPort = base + 1
export const smtpPort = base + 14
export const mailApiPort = base + 15
export const oidcPort = base + 16

export const mailApi = `http://127.0.0.1:${mailApiPort}`
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`

/** The one client the local OpenID provider knows: the seeded app server. */
export const oidcClient = {
  id: 'house-marketplace-e2e',
  secret: 'house-marketplace-e2e-secret',
} as const

/** Who the local provider says is signed in: the e-mail is the one typed on its login page. */
export const oidcUserName = 'Ada Lovelace'
