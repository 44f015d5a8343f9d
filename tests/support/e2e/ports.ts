// Where the stand-ins for the outside world listen during the browser tests (see services.ts).
export const smtpPort = 4325
export const mailApiPort = 4326
export const oidcPort = 4327

export const mailApi = `http://127.0.0.1:${mailApiPort}`
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`

/** The one client the local OpenID provider knows: the seeded app server. */
export const oidcClient = {
  id: 'house-marketplace-e2e',
  secret: 'house-marketplace-e2e-secret',
} as const

/** Who the local provider says is signed in: the e-mail is the one typed on its login page. */
export const oidcUserName = 'Ada Lovelace'
